import type { AccessTokenStore } from '../core/access-token-store';
import type { RuleStore } from '../core/scenarios/rule-store';
import type { ClockStore } from '../core/session-clocks';
import type { TokenStore } from '../core/token-store';
import type { StateRecord } from './state-records';

/** Takes one change as a record (state-records.ts), for the change log. */
export type RecordChange = (record: StateRecord) => void;

// Each wrapper records a change when the store's promise settles: the memory stores change in the
// call itself, so the records come in the order the changes were made. Reads pass through untouched.

/**
 * The same token store, recording each insert, use, delete, clear and reclaim that changed something.
 * @example const store = watchTokenStore(createMemoryTokenStore(), (record) => log.append(JSON.stringify(record)));
 */
export function watchTokenStore(store: TokenStore, record: RecordChange): TokenStore {
  return {
    ...store,
    insert: (token) =>
      store.insert(token).then((added) => {
        if (added) record({ k: 'token', ...token });
        return added;
      }),
    touch: (token, usedAtMs, activeAfterMs) =>
      store.touch(token, usedAtMs, activeAfterMs).then((touched) => {
        if (touched.kind === 'used') record({ k: 'token', ...touched.record });
        return touched;
      }),
    markForced: (token, forced) =>
      store.markForced(token, forced).then((marked) => {
        if (marked !== undefined) record({ k: 'token', ...marked });
        return marked;
      }),
    delete: (token) =>
      store.delete(token).then((deleted) => {
        if (deleted) record({ k: 'token-deleted', token });
        return deleted;
      }),
    clear: () => store.clear().then(() => record({ k: 'tokens-cleared' })),
    deleteInSession: (session, limit) =>
      store.deleteInSession(session, limit).then((deleted) => {
        // Replayed, it deletes every token the session then held, as the steps that follow this one do.
        if (deleted > 0) record({ k: 'tokens-cleared', session });
        return deleted;
      }),
    reclaim: (beforeMs, sessionCutoffs) =>
      store.reclaim(beforeMs, sessionCutoffs).then((removed) => {
        if (removed === 0) return removed;
        const sessions =
          sessionCutoffs === undefined || sessionCutoffs.size === 0 ? {} : { sessions: [...sessionCutoffs] };
        record({ k: 'tokens-reclaimed', beforeMs, ...sessions });
        return removed;
      }),
  };
}

/** The same clock store, recording each session's clock as it becomes (or its forgetting), and each clear. */
export function watchClockStore(store: ClockStore, record: RecordChange): ClockStore {
  return {
    ...store,
    write: (session, expected, next) =>
      store.write(session, expected, next).then((written) => {
        if (written === 'written')
          record(
            next === null
              ? { k: 'clock-forgotten', session }
              : { k: 'clock', session, offsetMs: next.offsetMs, frozenAtMs: next.frozenAtMs },
          );
        return written;
      }),
    clear: () => store.clear().then(() => record({ k: 'clocks-cleared' })),
    // Activity is not recorded in the file: a restart starts every clock's idle time afresh.
    forgetIdle: (session, cutoffMs) =>
      store.forgetIdle(session, cutoffMs).then((forgotten) => {
        if (forgotten) record({ k: 'clock-forgotten', session });
        return forgotten;
      }),
  };
}

/** The same rule store, recording each rule added, used (its uses left), removed or cleared. */
export function watchRuleStore(store: RuleStore, record: RecordChange): RuleStore {
  return {
    ...store,
    add: (rule) =>
      store.add(rule).then((added) => {
        record({ k: 'rule', ...added });
        return added;
      }),
    addAll: (rules) =>
      store.addAll(rules).then((added) => {
        for (const rule of added) record({ k: 'rule', ...rule });
        return added;
      }),
    remove: (id) =>
      store.remove(id).then((removed) => {
        if (removed) record({ k: 'rule-deleted', id });
        return removed;
      }),
    clear: (session) =>
      store.clear(session).then((count) => {
        if (session === undefined) record({ k: 'rules-cleared' });
        else if (count > 0) record({ k: 'rules-cleared', session });
        return count;
      }),
    use: (id) =>
      store.use(id).then((met) => {
        // A rule without a count, and not letting calls through, does not change; one used up is gone from the store.
        if (met === undefined || (met.rule.remaining === null && !met.passed)) return met;
        const gone = !met.passed && met.rule.remaining !== null && met.rule.remaining <= 0;
        record(gone ? { k: 'rule-deleted', id } : { k: 'rule', ...met.rule });
        return met;
      }),
    seed: (rules) =>
      store.seed(rules).then(async () => {
        for (const rule of await store.list('')) record({ k: 'rule', ...rule });
      }),
  };
}

/** The same Access Token store, recording each token granted and each clear. */
export function watchAccessTokenStore(store: AccessTokenStore, record: RecordChange): AccessTokenStore {
  return {
    ...store,
    grant: (candidate, nowMs) =>
      store.grant(candidate, nowMs).then((granted) => {
        // The candidate itself comes back when it became the application's token.
        if (granted === candidate) record({ k: 'access-token', ...granted });
        return granted;
      }),
    clear: () => store.clear().then(() => record({ k: 'access-tokens-cleared' })),
  };
}
