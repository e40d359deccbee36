/**
 * Strings that many records share (sessions, names, extensions, object types), each kept once and
 * named by a small integer id. Ids are reference-counted: the last release forgets the string and
 * frees its id for reuse, so a long-running mock seeing ever-new sessions does not grow.
 */
export interface InternTable {
  /** The string's id, counting one more holder. */
  hold(value: string): number;
  /** One holder fewer; the string is forgotten when none is left. */
  release(id: number): void;
  /** The id of a held string, without holding it; undefined when nobody holds it. */
  idOf(value: string): number | undefined;
  valueOf(id: number): string;
  /** Forgets every string. */
  clear(): void;
  /** How many distinct strings are held. */
  readonly size: number;
}

/**
 * Creates an empty intern table.
 * @example
 * const sessions = createInternTable();
 * const id = sessions.hold('qa'); // sessions.valueOf(id) === 'qa'
 */
export function createInternTable(): InternTable {
  const ids = new Map<string, number>();
  const values: string[] = [];
  const holders: number[] = [];
  const freeIds: number[] = [];
  return {
    hold(value) {
      const known = ids.get(value);
      if (known !== undefined) {
        holders[known] = (holders[known] ?? 0) + 1;
        return known;
      }
      const id = freeIds.pop() ?? values.length;
      ids.set(value, id);
      values[id] = value;
      holders[id] = 1;
      return id;
    },
    release(id) {
      const left = (holders[id] ?? 0) - 1;
      holders[id] = left;
      if (left > 0) return;
      ids.delete(values[id] as string);
      values[id] = '';
      freeIds.push(id);
    },
    idOf: (value) => ids.get(value),
    valueOf: (id) => values[id] as string,
    clear() {
      ids.clear();
      for (const array of [values, holders, freeIds]) array.length = 0;
    },
    get size() {
      return ids.size;
    },
  };
}
