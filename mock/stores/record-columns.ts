import { withCapacity } from './slot-column';

/** The numeric fields of every record, one typed array each, indexed by the record's slot. */
export interface RecordColumns {
  /** LIVE, USED, NAME_WITH_ID, HAS_EXTENSION bits (see record-table). */
  readonly flags: Uint8Array;
  readonly issuedAt: Float64Array;
  /** The order records were inserted in (unique): breaks ties of issuedAt, newest added first. */
  readonly seq: Float64Array;
  /** lastUsedAtMs when the record was used, else issuedAtMs. */
  readonly lastActive: Float64Array;
  readonly uses: Float64Array;
  /** Ids in the table's intern tables. */
  readonly typeOf: Uint32Array;
  readonly nameOf: Uint32Array;
  readonly extensionOf: Uint32Array;
  /** A stack of freed slots (not per record: its first `freeCount` entries). */
  readonly freeSlots: Int32Array;
}

/**
 * Zeroed columns for `capacity` slots (the pages are only touched, and counted in RSS, once written).
 * @example const columns = createRecordColumns(1024);
 */
export function createRecordColumns(capacity: number): RecordColumns {
  return {
    flags: new Uint8Array(capacity),
    issuedAt: new Float64Array(capacity),
    seq: new Float64Array(capacity),
    lastActive: new Float64Array(capacity),
    uses: new Float64Array(capacity),
    typeOf: new Uint32Array(capacity),
    nameOf: new Uint32Array(capacity),
    extensionOf: new Uint32Array(capacity),
    freeSlots: new Int32Array(capacity),
  };
}

/**
 * Copies of the columns with room for `capacity` slots.
 * @example columns = growRecordColumns(columns, columns.flags.length * 2);
 */
export function growRecordColumns(columns: RecordColumns, capacity: number): RecordColumns {
  return {
    flags: withCapacity(columns.flags, capacity),
    issuedAt: withCapacity(columns.issuedAt, capacity),
    seq: withCapacity(columns.seq, capacity),
    lastActive: withCapacity(columns.lastActive, capacity),
    uses: withCapacity(columns.uses, capacity),
    typeOf: withCapacity(columns.typeOf, capacity),
    nameOf: withCapacity(columns.nameOf, capacity),
    extensionOf: withCapacity(columns.extensionOf, capacity),
    freeSlots: withCapacity(columns.freeSlots, capacity),
  };
}
