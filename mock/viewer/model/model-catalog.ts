// Which model is behind an object: the team's own file where the config names one, else the building
// generated from the object's id (shaped by the config's options where given). Generated models and
// their GLB are made on first use and the most recent few kept.
import type { BuildingOptions } from './building-shape';
import { generateBuilding } from './generate-building';
import { writeBuildingGlb } from './glb-writer';
import type { BuildingModel } from './model-types';

/** The id parameter an object type is configured under (a child file is a file). */
export const PARAMETER_OF = {
  file: 'fileId',
  childFile: 'fileId',
  integration: 'integrateId',
  comparison: 'compareId',
  scene: 'sceneId',
  submodel: 'submodelId',
  clashDetection: 'clashDetectiveId',
  moduleData: 'moduleDataId',
} as const;

export type ModelObjectType = keyof typeof PARAMETER_OF;

/** What the config file says of one object's model (a file not read yet, or a building's shape). */
export type ModelSetting =
  | { kind: 'generated'; options: BuildingOptions }
  /** `where`: the config field that names the file, for the start-up error. */
  | { kind: 'file'; file: string; where: string };

/** One object's model, ready to serve: a building's shape, or the team's file read and checked. */
export type ModelSpec =
  | { kind: 'generated'; options: BuildingOptions }
  | { kind: 'given'; file: string; model: BuildingModel; bytes: Uint8Array; format: 'glb' | 'gltf' };

/** The config's models, keyed `fileId:10001`. */
export type ModelSpecs = ReadonlyMap<string, ModelSpec>;

/** A model as the mock serves it: its data, and its geometry as glTF. */
export interface ServedModel {
  model: BuildingModel;
  geometry(): { bytes: Uint8Array; contentType: string };
}

export interface ModelCatalog {
  modelOf(objectType: ModelObjectType, objectId: string): ServedModel;
}

const GLB = 'model/gltf-binary';
const GLTF_JSON = 'model/gltf+json';
/** Generated models kept (each a few hundred elements and a GLB of a few hundred kB at most). */
const KEPT = 16;

/**
 * The catalog over the config's model specs (none: every object's building is generated from its id).
 * @example createModelCatalog(new Map()).modelOf('file', '10001').model.elements.length
 */
export function createModelCatalog(specs: ModelSpecs = new Map()): ModelCatalog {
  const kept = new Map<string, ServedModel>();
  return {
    modelOf(objectType, objectId) {
      const key = `${PARAMETER_OF[objectType]}:${objectId}`;
      const spec = specs.get(key);
      if (spec?.kind === 'given') {
        const geometry = { bytes: spec.bytes, contentType: spec.format === 'glb' ? GLB : GLTF_JSON };
        return { model: spec.model, geometry: () => geometry };
      }
      const found = kept.get(key);
      if (found !== undefined) return found;
      const model = generateBuilding(objectId, spec?.options ?? {});
      let bytes: Uint8Array | undefined;
      const served = { model, geometry: () => ({ bytes: (bytes ??= writeBuildingGlb(model)), contentType: GLB }) };
      kept.set(key, served);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return served;
    },
  };
}
