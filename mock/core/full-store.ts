import type { SessionClocks } from './session-clocks';
import { DEPLOYMENT } from './session-clocks';
import { HELD_UNTIL_RECLAIMED, StoreFullError } from './store-errors';
import type { TokenStore } from './token-store';

/** Sessions a full store's message names at most. */
const NAMED_SESSIONS = 3;

/**
 * What holds a full store's space, in a sentence: the sessions whose clocks are behind the
 * deployment's (the furthest behind first), which keep their View Tokens until these expire on their
 * own clocks, with how many each holds; or, when none is, that the tokens are not yet reclaimable.
 * @example await whatHoldsTheSpace(core.clocks, core.store) // 'Sessions whose clocks are behind … "qa" (2 View Tokens, its clock frozen at 2020-01-01T00:00:00.000Z).'
 */
async function whatHoldsTheSpace(clocks: SessionClocks, store: TokenStore): Promise<string> {
  const book = await clocks.readAll();
  const deploymentNow = book.now(DEPLOYMENT);
  const behind = book
    .sessionsWithOwnClock()
    .filter((session) => book.now(session) < deploymentNow)
    .sort((a, b) => book.now(a) - book.now(b))
    .slice(0, NAMED_SESSIONS);
  const held = await Promise.all(behind.map(async (session) => ({ session, count: await store.count(session) })));
  const named = held.filter(({ count }) => count > 0);
  if (named.length === 0) return HELD_UNTIL_RECLAIMED;
  const described = named.map(({ session, count }) => {
    const clock = book.stateOf(session).frozenAtMs === null ? 'its clock at' : 'its clock frozen at';
    return `${JSON.stringify(session)} (${count} View Token${count === 1 ? '' : 's'}, ${clock} ${new Date(book.now(session)).toISOString()})`;
  });
  return `Sessions whose clocks are behind the deployment's keep their View Tokens until they expire on those clocks: ${described.join(', ')}; POST /__admin/reset with such a session's X-Mock-Session frees its space.`;
}

/** Rethrows a store's StoreFullError with what holds the space; any other error as it is. */
export function explainFullStore(clocks: SessionClocks, store: TokenStore): (error: unknown) => Promise<never> {
  return async (error) => {
    if (!(error instanceof StoreFullError) || error.holding !== undefined) throw error;
    throw new StoreFullError(error.maxRecords, await whatHoldsTheSpace(clocks, store));
  };
}
