// The parts of a glTF 2.0 document the model reader looks at, and the checks that it is one this
// mock can serve as it is (one self-contained file: a GLB, or a .gltf whose buffers are data URIs).
import type { GlbParts } from './glb-container';
import { isGlb, readGlb } from './glb-container';

export interface GltfNode {
  name?: string;
  mesh?: number;
  children?: number[];
  matrix?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  extras?: Record<string, unknown>;
}

export interface GltfDocument {
  asset: { version: string };
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: GltfNode[];
  meshes?: { primitives: { attributes: Record<string, number> }[] }[];
  accessors?: { min?: number[]; max?: number[] }[];
  buffers?: { uri?: string; byteLength: number }[];
}

export type DocumentReading =
  { kind: 'read'; document: GltfDocument; format: 'glb' | 'gltf' } | { kind: 'invalid'; reason: string };

/** The document in the bytes (a GLB or a .gltf's JSON), checked to be whole glTF 2.0 in one file. */
export function readGltfDocument(bytes: Uint8Array): DocumentReading {
  let parts: GlbParts;
  const format = isGlb(bytes) ? 'glb' : 'gltf';
  if (format === 'glb') {
    const reading = readGlb(bytes);
    if (reading.kind === 'invalid') return reading;
    parts = reading.parts;
  } else {
    try {
      parts = { json: JSON.parse(new TextDecoder().decode(bytes)), bin: undefined };
    } catch {
      return { kind: 'invalid', reason: 'neither a GLB nor glTF JSON (unreadable glTF)' };
    }
  }
  const document = parts.json as Partial<GltfDocument> | null;
  if (typeof document !== 'object' || document === null || typeof document.asset?.version !== 'string')
    return { kind: 'invalid', reason: 'no asset.version: not a glTF document' };
  if (!document.asset.version.startsWith('2.'))
    return { kind: 'invalid', reason: `asset.version is ${document.asset.version}; glTF 2.0 is read` };
  const external = (document.buffers ?? []).findIndex((buffer, index) =>
    buffer.uri === undefined ? format === 'gltf' || index > 0 : !buffer.uri.startsWith('data:'),
  );
  if (external >= 0)
    return {
      kind: 'invalid',
      reason: `buffer ${external} is not inside the file (${document.buffers?.[external]?.uri ?? 'no uri'}): give one self-contained .glb (e.g. \`npx gltf-pipeline -i model.gltf -o model.glb\`)`,
    };
  return { kind: 'read', document: document as GltfDocument, format };
}
