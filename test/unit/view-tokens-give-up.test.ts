import { createSeededRandom } from '../../mock/core/random-source';
import { VIEW_TOKEN_TTL_MS, createViewTokens } from '../../mock/core/view-tokens';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

// Not in the mutation run (jest.unit.config.js): a million draws take ~5 s here and ~95 s in
// Stryker's instrumented code, which every static mutant would run again.

const T0 = Date.parse('2026-01-01T00:00:00Z');
const FIELDS = { objectType: 'file', objectId: '1' as never, name: 'a.rvt', session: '' } as const;

test('a store that already holds every token drawn: issue gives up after a million draws and says the random source looks stuck', async () => {
  const full = createMemoryTokenStore();
  let inserts = 0;
  full.insert = async () => {
    inserts += 1;
    return false;
  };
  const tokens = createViewTokens({ store: full, random: createSeededRandom(1), ttlMs: VIEW_TOKEN_TTL_MS });
  await expect(tokens.issue(FIELDS, T0)).rejects.toThrow(
    new Error('no unused View Token after 1000000 draws: is the random source stuck?'),
  );
  expect(inserts).toBe(1_000_000);
});
