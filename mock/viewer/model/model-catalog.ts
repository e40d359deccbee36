// Which model is behind an object: the team's own file where the config names one, else the building
// generated from the object's id (shaped by the config's options where given); an integration's files
// (the config's, the catalog's, or its building's architecture and structure). Each model's drawing is
// derived from it. Generated models and their GLB are made on first use and the most recent few kept.
import type { BuildingOptions } from './building-shape';
import type { DrawingSheet, SheetSetting } from './drawing-types';
import { toDrawingSheets } from './drawing-sheets';
import { generateBuilding } from './generate-building';
import { writeBuildingGlb } from './glb-writer';
import type { IntegrationFileSpec } from './integration-files';
import { combineFiles, defaultIntegrationFiles, disciplineAt } from './integration-files';
import type { BuildingModel } from './model-types';

/** The id parameter an object type is configured under (a child file is a file). */
const PARAMETER_OF = {
  file: 'fileId',
  childFile: 'fileId',
  integration: 'integrateId',
  comparison: 'compareId',
  scene: 'sceneId',
  submodel: 'submodelId',
  clashDetection: 'clashDetectiveId',
  moduleData: 'moduleDataId',
} as const;

type ModelObjectType = keyof typeof PARAMETER_OF;

/** What the config file says of one object's model (a file not read yet, a building's shape, an integration's files). */
export type ModelSetting =
  | { kind: 'generated'; options: BuildingOptions; sheets?: readonly SheetSetting[] | undefined }
  /** `where`: the config field that names the file, for the start-up error. */
  | { kind: 'file'; file: string; where: string; sheets?: readonly SheetSetting[] | undefined }
  | { kind: 'integration'; files: readonly IntegrationFileSpec[] };

/** One object's model, ready to serve: a building's shape, the team's file read and checked, an integration's files. */
export type ModelSpec =
  | { kind: 'generated'; options: BuildingOptions; sheets?: readonly SheetSetting[] | undefined }
  | {
      kind: 'given';
      file: string;
      model: BuildingModel;
      bytes: Uint8Array;
      format: 'glb' | 'gltf';
      sheets?: readonly SheetSetting[] | undefined;
    }
  | { kind: 'integration'; files: readonly IntegrationFileSpec[] };

/** The config's models, keyed `fileId:10001`, `integrateId:20001`. */
export type ModelSpecs = ReadonlyMap<string, ModelSpec>;

/** A model as the mock serves it: its data, its geometry as glTF, its drawing's sheets. */
export interface ServedModel {
  model: BuildingModel;
  geometry(): { bytes: Uint8Array; contentType: string };
  sheets(): DrawingSheet[];
}

/** A file of an integration as the mock serves it. */
export interface IntegrationFile {
  fileId: string;
  fileName: string;
  /** The file's extension (`rvt`), as the platform lists it. */
  fileType: string;
  specialty: string | null;
  /** Where its geometry and drawing are: `integration-{integrateId}-file-{fileId}-databag`. */
  databagId: string;
  served: ServedModel;
}

/** An integrated model: its files, and the files as one model (ids `fileId.elementId`) with its drawing. */
export interface ServedIntegration {
  integrateId: string;
  files: IntegrationFile[];
  combined: Omit<ServedModel, 'geometry'>;
}

/** What a databag id names: one model, or an integration (whose geometry is its files'). */
export type Databag = { kind: 'model'; served: ServedModel } | { kind: 'integration'; integration: ServedIntegration };

export interface ModelCatalog {
  modelOf(objectType: ModelObjectType, objectId: string): ServedModel;
  integrationOf(integrateId: string): ServedIntegration;
  /** A file as part of an integration (a child file's View Token): the integration's file, or the file itself. */
  fileOf(integrateId: string, fileId: string): ServedModel;
  /** The model or integration a databag id names (`file-10001-databag`), undefined for none. */
  databagOf(databagId: string): Databag | undefined;
}

const GLB = 'model/gltf-binary';
const GLTF_JSON = 'model/gltf+json';
/** Models kept (each a few hundred elements and a GLB of a few hundred kB at most). */
const KEPT = 16;

const DATABAG_ID = /^(?:([A-Za-z]+)-(-?[0-9]+)|integration-(-?[0-9]+)-file-(-?[0-9]+))-databag$/;

/** Served models kept by key, the oldest forgotten past KEPT. */
function createKept<T>(): (key: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (key, make) => {
    const found = kept.get(key);
    if (found !== undefined) return found;
    const made = make();
    kept.set(key, made);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return made;
  };
}

/** A model served with its geometry and sheets made on first use. */
function serve(model: BuildingModel, sheets: readonly SheetSetting[] | undefined, bytes?: Uint8Array, gltf = false) {
  let geometry: { bytes: Uint8Array; contentType: string } | undefined;
  let drawn: DrawingSheet[] | undefined;
  return {
    model,
    geometry: () => (geometry ??= { bytes: bytes ?? writeBuildingGlb(model), contentType: gltf ? GLTF_JSON : GLB }),
    sheets: () => (drawn ??= toDrawingSheets(model, sheets)),
  };
}

const extensionOf = (name: string): string => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? 'rvt';

/**
 * The catalog over the config's model specs (none: every object's building is generated from its id).
 * @example createModelCatalog(new Map()).modelOf('file', '10001').model.elements.length
 */
export function createModelCatalog(specs: ModelSpecs = new Map()): ModelCatalog {
  const keep = createKept<ServedModel>();
  const keepIntegration = createKept<ServedIntegration>();
  const fromSpec = (key: string, objectId: string, fallback: BuildingOptions): ServedModel => {
    const spec = specs.get(key);
    if (spec?.kind === 'given')
      return keep(key, () => serve(spec.model, spec.sheets, spec.bytes, spec.format === 'gltf'));
    const generated = spec?.kind === 'generated' ? spec : { options: fallback, sheets: undefined };
    return keep(key, () => serve(generateBuilding(objectId, generated.options), generated.sheets));
  };
  const modelOf = (objectType: ModelObjectType, objectId: string): ServedModel =>
    fromSpec(`${PARAMETER_OF[objectType]}:${objectId}`, objectId, {});
  const integrationOf = (integrateId: string): ServedIntegration =>
    keepIntegration(integrateId, () => {
      const spec = specs.get(`integrateId:${integrateId}`);
      const listed = spec?.kind === 'integration' ? spec.files : defaultIntegrationFiles(integrateId);
      const files = listed.map((file, index): IntegrationFile => {
        const discipline = disciplineAt(index);
        const own = specs.has(`fileId:${file.fileId}`) || discipline === undefined;
        const served = own
          ? modelOf('file', file.fileId)
          : fromSpec(`integrateId:${integrateId}/fileId:${file.fileId}`, file.fileId, {
              seed: integrateId,
              discipline,
            });
        const fileName = file.name ?? `model-${file.fileId}.rvt`;
        const specialty = served.model.elements[0]?.specialty ?? null;
        return {
          fileId: file.fileId,
          fileName,
          fileType: extensionOf(fileName),
          specialty,
          databagId: `integration-${integrateId}-file-${file.fileId}-databag`,
          served,
        };
      });
      const combined = combineFiles(
        files.map((file) => ({ fileId: file.fileId, model: file.served.model })),
        `integration ${integrateId} (${files.map((file) => file.fileName).join(', ')})`,
      );
      let drawn: DrawingSheet[] | undefined;
      return { integrateId, files, combined: { model: combined, sheets: () => (drawn ??= toDrawingSheets(combined)) } };
    });
  const fileOf = (integrateId: string, fileId: string): ServedModel =>
    integrationOf(integrateId).files.find((file) => file.fileId === fileId)?.served ?? modelOf('file', fileId);
  return {
    modelOf,
    integrationOf,
    fileOf,
    databagOf(databagId) {
      const [, type, id, integrateId, fileId] = DATABAG_ID.exec(databagId) ?? [];
      if (integrateId !== undefined && fileId !== undefined)
        return { kind: 'model', served: fileOf(integrateId, fileId) };
      if (type === undefined || id === undefined || !Object.hasOwn(PARAMETER_OF, type)) return undefined;
      if (type === 'integration') return { kind: 'integration', integration: integrationOf(id) };
      return { kind: 'model', served: modelOf(type as ModelObjectType, id) };
    },
  };
}
