import type { Int64 } from './int64';
import { isPositiveInt64 } from './int64';
import type { DirectoryType, IdParameter } from './object-types';
import { OBJECT_TYPE_OF } from './object-types';

/** What the mock knows of one object. */
export interface ObjectDescription {
  type: DirectoryType;
  id: Int64;
  name: string;
  /** File extension without the dot (`rvt`, `dwg`, …) where the object is a file. */
  extension?: string;
  /** The appKey of the owning application, or null where any caller owns it (open world). */
  owner: string | null;
}

export type Lookup =
  | { kind: 'found'; object: ObjectDescription }
  | { kind: 'missing' }
  | { kind: 'forbidden' };

/** Which objects exist and who owns them. */
export interface ObjectDirectory {
  find(type: DirectoryType, id: Int64, caller: string | null): Lookup;
  /** Is this file a child of that integration? (Both already found.) */
  isChild(integrateId: Int64, fileId: Int64): boolean;
}

/** Id lists of the open world, keyed by the service's id parameter names. */
export type IdLists = Partial<Record<IdParameter, readonly Int64[]>>;

/**
 * The front-end friendly default: every positive id exists and belongs to the caller, except the
 * ids listed as missing (→ 404) or forbidden (→ 403).
 * @example createOpenDirectory({ missing: { fileId: ['404'] }, forbidden: {} })
 */
export function createOpenDirectory(lists: { missing: IdLists; forbidden: IdLists }): ObjectDirectory {
  const missing = toKeySet(lists.missing);
  const forbidden = toKeySet(lists.forbidden);
  return {
    find(type, id) {
      const key = `${type}:${id}`;
      if (!isPositiveInt64(id) || missing.has(key)) return { kind: 'missing' };
      if (forbidden.has(key)) return { kind: 'forbidden' };
      return { kind: 'found', object: describeOpenObject(type, id) };
    },
    isChild: () => true,
  };
}

function describeOpenObject(type: DirectoryType, id: Int64): ObjectDescription {
  if (type === 'file') return { type, id, name: `model-${id}.rvt`, extension: 'rvt', owner: null };
  return { type, id, name: `${type}-${id}`, owner: null };
}

function toKeySet(lists: IdLists): Set<string> {
  const keys = new Set<string>();
  for (const [parameter, ids] of Object.entries(lists) as [IdParameter, readonly Int64[]][]) {
    for (const id of ids) keys.add(`${OBJECT_TYPE_OF[parameter]}:${id}`);
  }
  return keys;
}
