import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ViewTokenRecord } from '../../mock/core/token-store';
import type { MemoryTokenStore } from '../../mock/stores/memory-token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';

// The review measured 2,273 bytes a token with a session per token against 491 in one session: each
// session had a sorted set of its own (~1.5 KB of objects). Memory measured, with the collector run
// first, so what is counted is what the store holds.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const TOKENS = 20_000;
const aRecord = (i: number, session: string): ViewTokenRecord => ({
  token: i.toString(16).padStart(32, '0'),
  objectType: 'file',
  objectId: String(i + 1) as ViewTokenRecord['objectId'],
  session,
  name: `model-${i + 1}.rvt`,
  issuedAtMs: 1_767_225_600_000 + i,
  lastUsedAtMs: null,
  uses: 0,
});

/** The bytes a token costs the store (heap and typed arrays), with `sessionOf` naming each token's session. */
async function bytesPerToken(sessionOf: (i: number) => string): Promise<{ bytes: number; store: MemoryTokenStore }> {
  collect();
  const before = process.memoryUsage();
  const store = createMemoryTokenStore(TOKENS);
  for (let i = 0; i < TOKENS; i += 1) await store.insert(aRecord(i, sessionOf(i)));
  collect();
  const after = process.memoryUsage();
  return { bytes: (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / TOKENS, store };
}

test('tokens in a session each cost no more than twice those in one session, and both are listed per session', async () => {
  const one = await bytesPerToken(() => 'one-session');
  const each = await bytesPerToken((i) => `session-${i}`);
  console.info(`bytes a token: ${Math.round(one.bytes)} in one session, ${Math.round(each.bytes)} in a session each`);
  expect(each.bytes).toBeLessThanOrEqual(2 * one.bytes);
  // Still one store of sessions: each session lists and counts its own token.
  expect((await each.store.list({ session: 'session-7' })).map((record) => record.objectId)).toEqual(['8']);
  expect([await each.store.count('session-7'), await one.store.count('one-session')]).toEqual([1, TOKENS]);
});
