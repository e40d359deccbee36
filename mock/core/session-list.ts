import type { Journal } from './journal';
import type { Rules } from './scenarios/rules';
import type { SessionClocks } from './session-clocks';
import { DEPLOYMENT } from './session-clocks';
import type { TokenStore } from './token-store';

/** The newest journal entries read for each session's last request: an admin call, not one over a million entries. */
const SESSION_JOURNAL_WINDOW = 10_000;

/** Who holds what: one session's View Tokens, rules, clock and last request. */
export interface SessionSummary {
  session: string;
  tokens: number;
  rules: number;
  /** `forgetAt`: when its own clock is forgotten if the session stays quiet (real time); null: none of its own, or never. */
  clock: { own: boolean; offsetMs: number; frozen: boolean; forgetAt: string | null };
  /**
   * Its newest request among the journal's newest entries: the entry's number (increasing with real
   * time, whatever the clocks say) and its time on the session's clock; null when none is there.
   */
  lastRequest: { id: number; at: string } | null;
}

/**
 * Every session that holds a clock of its own, a rule, or a request among the journal's newest
 * {@link SESSION_JOURNAL_WINDOW} entries (the deployment's always), with what it holds; the deployment
 * first, then by name.
 * @example await listSessions(core) // [{ session: '', tokens: 2, rules: 0, clock: {...}, lastRequest: { id: 7, at: '2026-…' } }, …]
 */
export async function listSessions(parts: {
  store: TokenStore;
  rules: Rules;
  clocks: SessionClocks;
  journal: Journal;
}): Promise<SessionSummary[]> {
  // Idle clocks are forgotten first: the listing never shows a clock that is already past its idle time.
  await parts.clocks.idle.sweep();
  const [forgetTimes, rules, entries] = await Promise.all([
    parts.clocks.idle.forgetTimes(),
    parts.rules.list(),
    parts.journal.list({ limit: SESSION_JOURNAL_WINDOW }),
  ]);
  const ruleCounts = new Map<string, number>();
  for (const rule of rules) ruleCounts.set(rule.session, (ruleCounts.get(rule.session) ?? 0) + 1);
  const lastRequest = new Map<string, { id: number; at: string }>();
  // Newest first: the first entry of a session is its last request.
  for (const entry of entries)
    if (!lastRequest.has(entry.session)) lastRequest.set(entry.session, { id: entry.id, at: entry.at });
  const owners = await parts.clocks.owners();
  const names = [...new Set([DEPLOYMENT, ...owners, ...ruleCounts.keys(), ...lastRequest.keys()])].sort(byName);
  const book = await parts.clocks.read(names);
  return Promise.all(
    names.map(async (session) => {
      const state = book.stateOf(session);
      return {
        session,
        tokens: (await parts.store.list({ session })).length,
        rules: ruleCounts.get(session) ?? 0,
        clock: {
          own: book.hasOwnClock(session),
          offsetMs: state.offsetMs,
          frozen: state.frozenAtMs !== null,
          forgetAt: toIso(forgetTimes.get(session)),
        },
        lastRequest: lastRequest.get(session) ?? null,
      };
    }),
  );
}

/**
 * The sessions with a clock of their own that have been quiet longest: the first forgotten first,
 * then no request in the window, then the oldest last request: the ones to name when the clocks are full.
 */
export function longestIdleClocks(sessions: readonly SessionSummary[], count: number): SessionSummary[] {
  return sessions
    .filter((summary) => summary.clock.own && summary.session !== DEPLOYMENT)
    .sort((a, b) => forgetOrder(a) - forgetOrder(b) || (a.lastRequest?.id ?? 0) - (b.lastRequest?.id ?? 0))
    .slice(0, count);
}

/** When a summary's clock is forgotten (ms), never last. */
function forgetOrder(summary: SessionSummary): number {
  return summary.clock.forgetAt === null ? Infinity : Date.parse(summary.clock.forgetAt);
}

function toIso(ms: number | undefined): string | null {
  return ms === undefined ? null : new Date(ms).toISOString();
}

/** The deployment's '' first, then by code point. */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
