// The elements of a model drawn in the scene, found from its glTF nodes: every node whose extras
// name an `elementId`, its meshes, its world box, the object data pages filter on, and the id a page
// names it by (`fileId.elementId` in an integrated model's files, the element id otherwise).
import type { Box } from './scene-camera';
import type { Three } from './three-loading';
import type { Vector3 } from './viewer-state';

type Object3D = InstanceType<Three['Object3D']>;
type Mesh = InstanceType<Three['Mesh']>;

/** What the stand-in knows of an element from the geometry (its node's extras and its box). */
export interface SceneElement {
  /** The id pages use: `fileId.elementId` in an integrated model, else the element id. */
  objectId: string;
  /** The element's own id in its file. */
  elementId: string;
  /** The model it was loaded with (`ModelAdded`'s id). */
  modelId: string;
  /** The file it is in: an integrated model's file, else the model's own id. */
  fileId: string;
  name: string;
  categoryId: string;
  categoryName: string;
  family: string;
  familyType: string;
  levelName: string | undefined;
  specialty: string;
  boundingBox: Box;
  meshes: Mesh[];
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A vector rounded to a micrometre, as a plain object (what payloads carry). */
export function toPlain(vector: { x: number; y: number; z: number }): Vector3 {
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  return { x: round(vector.x), y: round(vector.y), z: round(vector.z) };
}

/**
 * The elements under a loaded model's root, for model `modelId` (of file `fileId` in an integration);
 * each of their meshes remembers its element in `userData.vtmElement`.
 */
export function collectElements(
  three: Three,
  root: Object3D,
  owner: { modelId: string; fileId: string | undefined },
): SceneElement[] {
  const elements: SceneElement[] = [];
  root.traverse((node) => {
    const extras = node.userData as Record<string, unknown>;
    if (extras.elementId === undefined) return;
    const meshes: Mesh[] = [];
    node.traverse((child) => {
      if ((child as Mesh).isMesh) meshes.push(child as Mesh);
    });
    const own = new three.Box3().setFromObject(node);
    const elementId = text(extras.elementId);
    const element: SceneElement = {
      objectId: owner.fileId === undefined ? elementId : `${owner.fileId}.${elementId}`,
      elementId,
      modelId: owner.modelId,
      fileId: owner.fileId ?? owner.modelId,
      name: text(extras.name),
      categoryId: text(extras.categoryId),
      categoryName: text(extras.categoryName),
      family: text(extras.family),
      familyType: text(extras.familyType),
      levelName: extras.levelName === undefined ? undefined : text(extras.levelName),
      specialty: text(extras.specialty),
      boundingBox: { min: toPlain(own.min), max: toPlain(own.max) },
      meshes,
    };
    for (const mesh of meshes) mesh.userData.vtmElement = element;
    elements.push(element);
  });
  return elements;
}
