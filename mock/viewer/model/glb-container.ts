// The GLB container (glTF 2.0 binary): a 12-byte header, a JSON chunk, an optional BIN chunk, each
// padded to four bytes. Pure (DataView, TextEncoder): the server and a browser read and write it alike.

const MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'
const BIN_CHUNK = 0x004e4942; // 'BIN\0'

/** The two parts of a GLB. */
export interface GlbParts {
  json: unknown;
  bin: Uint8Array | undefined;
}

/** Why bytes are not a GLB this reader takes (a sentence naming what is wrong). */
export type GlbReading = { kind: 'read'; parts: GlbParts } | { kind: 'invalid'; reason: string };

const padded = (length: number): number => Math.ceil(length / 4) * 4;

/** Writes a GLB of the document and its binary buffer. */
export function writeGlb(json: object, bin: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = padded(text.length);
  const binLength = padded(bin.length);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, JSON_CHUNK, true);
  bytes.set(text, 20);
  // JSON is padded with spaces, the binary chunk with zeros (as the format requires).
  bytes.fill(0x20, 20 + text.length, 20 + jsonLength);
  const binAt = 20 + jsonLength;
  view.setUint32(binAt, binLength, true);
  view.setUint32(binAt + 4, BIN_CHUNK, true);
  bytes.set(bin, binAt + 8);
  return bytes;
}

/** Whether the bytes start as a GLB does (else they may be a .gltf's JSON). */
export function isGlb(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === MAGIC
  );
}

/** Reads a GLB's JSON and binary chunks, or says what is wrong with it. */
export function readGlb(bytes: Uint8Array): GlbReading {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20 || view.getUint32(0, true) !== MAGIC)
    return { kind: 'invalid', reason: 'not a GLB (no glTF header)' };
  const version = view.getUint32(4, true);
  if (version !== 2) return { kind: 'invalid', reason: `GLB version ${version}; glTF 2.0 is read` };
  const length = view.getUint32(8, true);
  if (length !== bytes.length)
    return { kind: 'invalid', reason: `the header says ${length} bytes, the file has ${bytes.length} (cut short?)` };
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + jsonLength > bytes.length)
    return { kind: 'invalid', reason: 'the first chunk is not a whole JSON chunk' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  } catch (error) {
    return { kind: 'invalid', reason: `its JSON chunk is not JSON (${(error as Error).message})` };
  }
  const binAt = 20 + jsonLength;
  if (binAt + 8 > bytes.length) return { kind: 'read', parts: { json, bin: undefined } };
  const binLength = view.getUint32(binAt, true);
  if (view.getUint32(binAt + 4, true) !== BIN_CHUNK || binAt + 8 + binLength > bytes.length)
    return { kind: 'invalid', reason: 'the second chunk is not a whole BIN chunk' };
  return { kind: 'read', parts: { json, bin: bytes.subarray(binAt + 8, binAt + 8 + binLength) } };
}
