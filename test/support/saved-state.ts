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
