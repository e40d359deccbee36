import type { ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import type { LoadedState } from '../../mock/stores/state-load';
import { loadState } from '../../mock/stores/state-load';

/** What a state file (snapshot and change logs) holds, read as the mock reads it at start. */
export async function readSavedState(file: string): Promise<LoadedState & { viewTokens: ViewTokenRecord[] }> {
  const store = createMemoryTokenStore(Number.MAX_SAFE_INTEGER);
  const loaded = await loadState(file, store);
  return { ...loaded, viewTokens: await store.list({}) };
}

/** A version-2 snapshot's text: its header, the records (objects, one a line) and its end line. */
export function aSnapshot(records: readonly object[], generation = 1): string {
  const lines = [
    { format: 'view-token-mock-state', version: 2, generation, savedAt: '2026-01-01T00:00:00.000Z' },
    ...records,
    { k: 'end', records: records.length },
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** A change log's text: its header and the records, one a line. */
export function aChangeLog(records: readonly object[], generation = 1): string {
  return [{ format: 'view-token-mock-state-log', version: 2, generation }, ...records]
    .map((line) => `${JSON.stringify(line)}\n`)
    .join('');
}

/** A View Token record as a state file holds it (`n` makes the token). */
export function aTokenRecord(n: number, fields: object = {}): { k: string; token: string } & Record<string, unknown> {
  return {
    k: 'token',
    token: n.toString(16).padStart(32, '0'),
    objectType: 'file',
    objectId: String(n),
    session: '',
    name: `model-${n}.rvt`,
    issuedAtMs: Date.parse('2026-01-01T00:00:00Z'),
    lastUsedAtMs: null,
    uses: 0,
    ...fields,
  };
}
