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

type Lookup = { kind: 'found'; object: ObjectDescription } | { kind: 'missing' } | { kind: 'forbidden' };

/** Which objects exist and who owns them. */
export interface ObjectDirectory {
  find(type: DirectoryType, id: Int64, caller: string | null): Lookup;
  /** Is this file a child of that integration? (Both already found.) */
  isChild(integrateId: Int64, fileId: Int64): boolean;
}

/** Id lists of the open world, keyed by the service's id parameter names. */
export type IdLists = Partial<Record<IdParameter, readonly Int64[]>>;

/** What the open world knows of one object beyond its id (e.g. recorded from an upstream's viewer data). */
export interface KnownObject {
  /** Without a name the object is described as every other id (it is only known to exist). */
  name?: string;
  /** Without the dot, lower case (`rvt`, `dwg`). */
  extension?: string;
}

/** Known objects of the open world, keyed by id parameter, then by id. */
export type KnownObjects = Partial<Record<IdParameter, Readonly<Record<Int64, KnownObject>>>>;

/**
 * The front-end friendly default: every positive id exists and belongs to the caller, except the
 * ids listed as missing (→ 404) or forbidden (→ 403). A known object is described with its own
 * name and extension (a `dwg` opens as a drawing); every other one as `model-<id>.rvt` (files) or
 * `<type>-<id>`.
 * @example
 * const known = { fileId: { '7': { name: 'Plan.dwg', extension: 'dwg' } } };
 * createOpenDirectory({ missing: { fileId: ['404'] }, forbidden: {}, known });
 */
export function createOpenDirectory(lists: {
  missing: IdLists;
  forbidden: IdLists;
  known?: KnownObjects;
}): ObjectDirectory {
  const missing = toKeySet(lists.missing);
  const forbidden = toKeySet(lists.forbidden);
  const known = toKnownMap(lists.known ?? {});
  return {
    find(type, id) {
      const key = `${type}:${id}`;
      if (!isPositiveInt64(id) || missing.has(key)) return { kind: 'missing' };
      if (forbidden.has(key)) return { kind: 'forbidden' };
      return { kind: 'found', object: describeOpenObject(type, id, known.get(key)) };
    },
    isChild: () => true,
  };
}

function describeOpenObject(type: DirectoryType, id: Int64, known: KnownObject | undefined): ObjectDescription {
  if (known?.name !== undefined)
    return {
      type,
      id,
      name: known.name,
      ...(known.extension === undefined ? {} : { extension: known.extension }),
      owner: null,
    };
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

function toKnownMap(known: KnownObjects): Map<string, KnownObject> {
  const map = new Map<string, KnownObject>();
  for (const [parameter, objects] of Object.entries(known) as [IdParameter, Readonly<Record<Int64, KnownObject>>][]) {
    for (const [id, object] of Object.entries(objects)) map.set(`${OBJECT_TYPE_OF[parameter]}:${id}`, object);
  }
  return map;
}
