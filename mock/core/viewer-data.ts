import type { ObjectType } from './object-types';
import type { ViewTokenRecord } from './token-store';

/**
 * The version folders of the viewer SDK stand-in the mock serves (`/Glodon/<folder>/…`), one per
 * bundle the platform's loader picks: the 3D one and the drawing one. Named after the SDK versions
 * whose public API the stand-in follows, with `-standin` so nobody mistakes them for the platform's.
 */
export const VIEWER_SDK_FOLDERS = { bimView: 'Bimface@3.6.36-standin', drawingView: 'Drawing@1.6.34-standin' } as const;

/** How the viewer renders an object: a 3D model or a 2D drawing. */
type RenderType = keyof typeof VIEWER_SDK_FOLDERS;

/** The extensions (lower case, no dot) the platform opens as drawings. */
const DRAWING_EXTENSIONS = new Set(['dwg', 'dxf', 'pdf']);

/** One extra renderer of a model: the loader takes a forced drawing view's SDK folder from here. */
interface SubRender {
  renderType: RenderType;
  jsSDKVersion: string;
}

/** What `GET /inside/databag` tells the viewer about the model behind a View Token. */
export interface ViewerData {
  renderType: RenderType;
  /** What the loader reports as `viewType`: `3DView` for `bimView`, else the render type. */
  viewType: '3DView' | 'drawingView';
  /** The SDK folder the loader loads from: `/Glodon/<jsSDKVersion>/bimface.index.js`. */
  jsSDKVersion: string;
  /** The drawing renderer every model has (its sheets), so a page may force the drawing view. */
  subRenders: SubRender[];
  databagId: string;
  /** The object's own id (a child file's is the file's id). */
  modelId: string;
  /** `singleModel` for files (the SDK's data calls branch on it); absent where the platform's value is not known. */
  modelType?: 'singleModel';
  name: string;
  objectType: ObjectType;
  objectId: string;
  /** The integration a child file was asked through. */
  integrateId?: string;
  /** This use, on the mock's clock: with `viewTokenExpiresAt`, how long the token has left. */
  viewTokenUsedAt: string;
  viewTokenExpiresAt: string;
}

/** Whether an object with this extension opens as a drawing (`dwg`, `dxf`, `pdf`; any case). */
function toRenderType(extension: string | undefined): RenderType {
  return extension !== undefined && DRAWING_EXTENSIONS.has(extension.toLowerCase()) ? 'drawingView' : 'bimView';
}

/**
 * Builds the viewer's model metadata from a token's record after a use (deterministic for an
 * object): the render type and SDK folder from the object's extension, its name and ids.
 * @example toViewerData(record, usedAtMs + 12 * 3_600_000).jsSDKVersion // 'Bimface@3.6.36-standin' for an rvt
 */
export function toViewerData(record: ViewTokenRecord, expiresAtMs: number): ViewerData {
  const renderType = toRenderType(record.extension);
  const file = record.objectType === 'file' || record.objectType === 'childFile';
  return {
    renderType,
    viewType: renderType === 'bimView' ? '3DView' : 'drawingView',
    jsSDKVersion: VIEWER_SDK_FOLDERS[renderType],
    subRenders: [{ renderType: 'drawingView', jsSDKVersion: VIEWER_SDK_FOLDERS.drawingView }],
    databagId: `${record.objectType}-${record.objectId}-databag`,
    modelId: record.objectId,
    ...(file ? { modelType: 'singleModel' as const } : {}),
    name: record.name,
    objectType: record.objectType,
    objectId: record.objectId,
    ...(record.integrateId === undefined ? {} : { integrateId: record.integrateId }),
    viewTokenUsedAt: new Date(record.lastUsedAtMs ?? record.issuedAtMs).toISOString(),
    viewTokenExpiresAt: new Date(expiresAtMs).toISOString(),
  };
}
