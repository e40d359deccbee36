import type { FileHandle } from 'node:fs/promises';
import type { AccessTokenRecord } from '../core/access-token-store';
import type { ClockState } from '../core/clock';
import type { Rule } from '../core/scenarios/rule';
import type { MemoryTokenStore } from './memory-token-store';
import { writeAtomically } from './state-file';
import type { StateRecord } from './state-records';
import type { SnapshotEnd, SnapshotHeader } from './state-snapshot';
import { STATE_FORMAT, STATE_VERSION } from './state-snapshot';

/** What a snapshot holds: the small parts as read at its start, the View Tokens read from the store as it goes. */
export interface SnapshotContent {
  generation: number;
  /** Each session's own clock ('' the deployment's). */
  clocks: ReadonlyMap<string, ClockState>;
  accessTokens: readonly AccessTokenRecord[];
  rules: readonly Rule[];
  tokens: MemoryTokenStore;
}

/** Records read from the store at a time. */
const SCAN_BATCH = 128;
/** A step writes once it has gathered this much, or held the event loop this long, and so yields to requests. */
const STEP_BYTES = 16 * 1024;
const STEP_MS = 1;

/** The write was stopped (the mock is closing): the temp file is gone, the file as it was. */
export class SnapshotStoppedError extends Error {
  override name = 'SnapshotStoppedError';
}

/**
 * Writes a version-2 snapshot over `file` atomically (writeAtomically), in steps that each hold the
 * event loop about a millisecond: a million View Tokens (~200 MB) take seconds to write, but no
 * request waits for more than one step. The tokens are read from the store as the walk goes, so the
 * snapshot mixes moments; the change log of its generation, begun before the walk, holds every change
 * since, and replaying it over the snapshot gives the state exactly (records are absolute). Returns
 * the snapshot's size in bytes.
 * @example const bytes = await writeSnapshot('state.json', content, () => closing);
 */
export async function writeSnapshot(
  file: string,
  content: SnapshotContent,
  stopped: () => boolean = () => false,
): Promise<number> {
  let bytes = 0;
  await writeAtomically(file, async (handle) => {
    const out = createStepWriter(handle, stopped);
    const header: SnapshotHeader = {
      format: STATE_FORMAT,
      version: STATE_VERSION,
      generation: content.generation,
      savedAt: new Date().toISOString(),
    };
    await out.line(JSON.stringify(header));
    let records = 0;
    const put = async (record: StateRecord): Promise<void> => {
      records += 1;
      await out.line(JSON.stringify(record));
    };
    for (const [session, state] of content.clocks) await put({ k: 'clock', session, ...state });
    for (const accessToken of content.accessTokens) await put({ k: 'access-token', ...accessToken });
    for (const rule of content.rules) await put({ k: 'rule', ...rule });
    for (let from: number | undefined = 0; from !== undefined;) {
      const page = content.tokens.scan(from, SCAN_BATCH);
      for (const token of page.records) await put({ k: 'token', ...token });
      from = page.next;
    }
    const end: SnapshotEnd = { k: 'end', records };
    await out.line(JSON.stringify(end));
    bytes = await out.end();
  });
  return bytes;
}

/** Gathers lines and writes them a step at a time; `line` resolves at once unless a step's write is due. */
function createStepWriter(
  handle: FileHandle,
  stopped: () => boolean,
): { line(text: string): Promise<void>; end(): Promise<number> } {
  let parts: string[] = [];
  let gathered = 0;
  let written = 0;
  let stepStarted = performance.now();
  const write = async (): Promise<void> => {
    if (stopped()) throw new SnapshotStoppedError('the mock is closing');
    const buffer = Buffer.from(parts.join(''));
    parts = [];
    gathered = 0;
    for (let offset = 0; offset < buffer.length;)
      offset += (await handle.write(buffer, offset, buffer.length - offset)).bytesWritten;
    written += buffer.length;
    // The next step after the requests that came meanwhile (the check phase follows the poll phase's I/O).
    await new Promise<void>((resolve) => setImmediate(resolve));
    stepStarted = performance.now();
  };
  return {
    async line(text) {
      parts.push(text, '\n');
      gathered += text.length + 1;
      if (gathered >= STEP_BYTES || performance.now() - stepStarted >= STEP_MS) await write();
    },
    async end() {
      if (parts.length > 0) await write();
      return written;
    },
  };
}
