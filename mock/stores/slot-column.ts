/** One field of every record, as a typed array indexed by the record's slot. */
export type SlotColumn = Float64Array | Uint32Array | Int32Array | Uint8Array | BigInt64Array;

/**
 * A copy of the column with room for `capacity` slots; slots past the old length read as zero.
 * @example issuedAt = withCapacity(issuedAt, issuedAt.length * 2);
 */
export function withCapacity<T extends SlotColumn>(column: T, capacity: number): T {
  const grown = new (column.constructor as new (length: number) => T)(capacity);
  (grown as unknown as { set(source: T): void }).set(column);
  return grown;
}
