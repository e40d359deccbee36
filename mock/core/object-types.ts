/** The kinds of object a View Token can be issued for. */
export type ObjectType =
  'file' | 'integration' | 'comparison' | 'scene' | 'submodel' | 'clashDetection' | 'moduleData' | 'childFile';

/** The id parameters of the service, as the interface document names them. */
export type IdParameter =
  'fileId' | 'integrateId' | 'compareId' | 'sceneId' | 'submodelId' | 'clashDetectiveId' | 'moduleDataId';

/** The id query parameters of `GET /view/token`, in the spec's order. */
export const ID_PARAMETERS = [
  'compareId',
  'fileId',
  'integrateId',
  'sceneId',
  'submodelId',
  'clashDetectiveId',
  'moduleDataId',
] as const satisfies readonly IdParameter[];

/** Which object type each id parameter names. */
export const OBJECT_TYPE_OF = {
  fileId: 'file',
  integrateId: 'integration',
  compareId: 'comparison',
  sceneId: 'scene',
  submodelId: 'submodel',
  clashDetectiveId: 'clashDetection',
  moduleDataId: 'moduleData',
} as const satisfies Record<IdParameter, ObjectType>;

/** The object types that are looked up in the directory (a child file is a file). */
export type DirectoryType = (typeof OBJECT_TYPE_OF)[IdParameter];

export function isIdParameter(name: string): name is IdParameter {
  return Object.hasOwn(OBJECT_TYPE_OF, name);
}
