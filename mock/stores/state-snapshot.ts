/**
 * The formats of `--state-file`. Version 2 (written since 0.3.0): the file itself is a snapshot, one
 * JSON record a line (state-records.ts) after a header line and up to an end line; beside it, change
 * logs `<file>.<generation>.log` hold, a line each, the changes since the snapshot began. Version 1
 * (0.2.0) was one JSON document holding everything; it still loads, and is rewritten as version 2
 * at the first compaction.
 */
export const STATE_FORMAT = 'view-token-mock-state';
export const LOG_FORMAT = 'view-token-mock-state-log';
export const STATE_VERSION = 2;
/** The generation a version-1 file, or a new state file, continues with. */
export const FIRST_GENERATION = 1;

/** The first line of a version-2 snapshot: the logs from `generation` on hold what changed since it began. */
export interface SnapshotHeader {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  generation: number;
  /** Real time the snapshot began (ISO 8601); informative only. */
  savedAt: string;
}

/** The last line of a snapshot: how many records it holds, so a snapshot cut short is never taken for a whole one. */
export interface SnapshotEnd {
  k: 'end';
  records: number;
}

/** The first line of a change log. */
export interface LogHeader {
  format: typeof LOG_FORMAT;
  version: typeof STATE_VERSION;
  generation: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isGeneration = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= FIRST_GENERATION;

/** What a parsed first line of `--state-file` is: a version-2 header, a version-1 document, or a string saying what is wrong. */
export function toStateKind(value: unknown): { version: 2; header: SnapshotHeader } | { version: 1 } | string {
  if (!isObject(value) || value.format !== STATE_FORMAT)
    return `not a view-token-mock state file (no "format": "${STATE_FORMAT}")`;
  if (value.version === 1) return { version: 1 };
  if (value.version !== STATE_VERSION)
    return `state version ${String(value.version)} is not supported (this mock reads versions 1 and ${STATE_VERSION})`;
  if (!isGeneration(value.generation)) return `the header's "generation" must be an integer from ${FIRST_GENERATION}`;
  return { version: 2, header: value as unknown as SnapshotHeader };
}

/** Checks a change log's first line against the generation its name gives. */
export function checkLogHeader(value: unknown, generation: number): string | undefined {
  if (!isObject(value) || value.format !== LOG_FORMAT)
    return `not a view-token-mock change log (no "format": "${LOG_FORMAT}")`;
  if (value.version !== STATE_VERSION)
    return `change log version ${String(value.version)} is not supported (this mock reads version ${STATE_VERSION})`;
  return value.generation === generation
    ? undefined
    : `its header says generation ${String(value.generation)}, its name ${generation}`;
}

/**
 * A version-1 document's items as records, each with where it was (`viewTokens[3]`), or what is wrong
 * with the document. Yielded one at a time, and each list entry let go once taken: a million tokens
 * never exist twice (a parsed copy and a record) on the heap, so the load's garbage stays small.
 */
export function fromVersion1(value: Record<string, unknown>): Iterable<{ record: unknown; where: string }> | string {
  const lists = [
    ['accessTokens', 'access-token'],
    ['rules', 'rule'],
    ['viewTokens', 'token'],
  ] as const;
  for (const [name] of lists) if (!Array.isArray(value[name])) return `"${name}" must be an array`;
  return (function* items() {
    yield { record: isObject(value.clock) ? { k: 'clock', ...value.clock } : value.clock, where: 'clock' };
    for (const [name, kind] of lists) {
      const list = value[name] as unknown[];
      for (let index = 0; index < list.length; index += 1) {
        const item = list[index];
        list[index] = undefined;
        yield { record: isObject(item) ? { k: kind, ...item } : item, where: `${name}[${index}]` };
      }
    }
  })();
}
