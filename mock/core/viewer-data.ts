import type { ObjectType } from './object-types';
import type { ViewTokenRecord } from './token-store';

/** The platform's JS SDK version the mock reports to the viewer. */
export const JS_SDK_VERSION = '4.1.0';

const DRAWING_EXTENSIONS = new Set(['dwg', 'dxf', 'pdf']);

/** What `GET /inside/databag` tells the viewer about the model behind a View Token. */
export interface ViewerData {
  renderType: 'bimView' | 'drawingView';
  jsSDKVersion: string;
  databagId: string;
  modelId: string;
  name: string;
  objectType: ObjectType;
  objectId: string;
  viewTokenExpiresAt: string;
}

/** Builds the viewer's model metadata from a token's record (deterministic for an object). */
export function toViewerData(record: ViewTokenRecord, expiresAtMs: number): ViewerData {
  const drawing = record.extension !== undefined && DRAWING_EXTENSIONS.has(record.extension);
  return {
    renderType: drawing ? 'drawingView' : 'bimView',
    jsSDKVersion: JS_SDK_VERSION,
    databagId: `${record.objectType}-${record.objectId}-databag`,
    modelId: record.integrateId === undefined ? record.objectId : `${record.integrateId}/${record.objectId}`,
    name: record.name,
    objectType: record.objectType,
    objectId: record.objectId,
    viewTokenExpiresAt: new Date(expiresAtMs).toISOString(),
  };
}
