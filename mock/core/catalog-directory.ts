import type { Int64 } from './int64';
import type { ObjectDescription, ObjectDirectory } from './object-directory';
import type { DirectoryType } from './object-types';

/** One object of a catalog; `owner` is the appKey of the application it belongs to. */
export interface CatalogObject {
  id: Int64;
  name: string;
  owner: string;
  /** For files: rvt, dwg, ifc, skp, nwd, … (a dwg opens in the drawing view). */
  extension?: string;
}

/** A closed world: only these objects exist. */
export interface Catalog {
  files: readonly CatalogObject[];
  integrations: readonly (CatalogObject & { fileIds: readonly Int64[] })[];
  comparisons: readonly (CatalogObject & { baseFileId: Int64; targetFileId: Int64 })[];
  scenes: readonly CatalogObject[];
  submodels: readonly CatalogObject[];
  clashDetections: readonly CatalogObject[];
  moduleData: readonly CatalogObject[];
}

/** Which catalog list holds each object type. */
export const CATALOG_LIST_OF = {
  file: 'files',
  integration: 'integrations',
  comparison: 'comparisons',
  scene: 'scenes',
  submodel: 'submodels',
  clashDetection: 'clashDetections',
  moduleData: 'moduleData',
} as const satisfies Record<DirectoryType, keyof Catalog>;

/**
 * The closed world of a catalog: an unlisted object is missing (404), another application's is
 * forbidden (403), and a child file must be listed in its integration.
 * @example createCatalogDirectory(catalog).find('file', '123' as Int64, 'app-a')
 */
export function createCatalogDirectory(catalog: Catalog): ObjectDirectory {
  const index = new Map<string, CatalogObject>();
  for (const [type, list] of Object.entries(CATALOG_LIST_OF) as [DirectoryType, keyof Catalog][]) {
    for (const object of catalog[list]) index.set(`${type}:${object.id}`, object);
  }
  const children = new Map(
    catalog.integrations.map((integration) => [integration.id as string, new Set<string>(integration.fileIds)]),
  );
  return {
    find(type, id, caller) {
      const object = index.get(`${type}:${id}`);
      if (!object) return { kind: 'missing' };
      if (caller !== null && object.owner !== caller) return { kind: 'forbidden' };
      return { kind: 'found', object: toDescription(type, object) };
    },
    isChild: (integrateId, fileId) => children.get(integrateId)?.has(fileId) ?? false,
  };
}

function toDescription(type: DirectoryType, object: CatalogObject): ObjectDescription {
  return {
    type,
    id: object.id,
    name: object.name,
    owner: object.owner,
    ...(object.extension === undefined ? {} : { extension: object.extension }),
  };
}
