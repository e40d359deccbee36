import { deploymentKeys } from './redis-connection';

/**
 * Every key one deployment keeps in Redis, named in one place. All start with the hash tag
 * `{prefix}`, so they share one slot and any script may touch any of them on Redis Cluster.
 * A name a client chooses (a View Token, an Access Token, an appKey) gets a namespace of its own
 * that no other key starts with (`vt:`, `at:`, `at-app:`), so `viewToken=activity` names a View Token
 * record, never an index; a session's name is written in hex.
 * @example createRedisKeys('vtm:').viewToken('0f…') // '{vtm:}vt:0f…'
 */
export function createRedisKeys(prefix: string) {
  const base = deploymentKeys(prefix);
  const viewTokenPrefix = `${base}vt:`;
  const sessionIndexPrefix = `${base}vt-session:`;
  return {
    base,
    /** Written at start, never deleted by the mock: missing after a reconnect, Redis came back without its data. */
    marker: `${base}marker`,
    /** The one clock of 0.2.0, read once into `clocks` (redis-clocks.ts). */
    clock: `${base}clock`,
    /** Every session's clock: a hash, session → state JSON ('' the deployment's). */
    clocks: `${base}clocks`,
    /** Each own clock's last recorded activity: a hash, session → real ms (redis-clocks.ts forgets idle clocks by it). */
    clockActivity: `${base}clocks:activity`,
    rules: `${base}rules`,
    ruleCounter: `${base}rules:next`,
    rulesSeeded: `${base}rules:seeded`,
    /** How many rules each session holds (a hash: session → count; a session without rules has no field). */
    ruleSessions: `${base}rules:sessions`,
    /** Rule ids by number (creation order), for pages of all sessions. */
    ruleOrder: `${base}rules:order`,
    /** Every rule as `<hex of its session>:<padded number>:<id>` (one score: ordered as text), so one session's are a range. */
    rulesBySession: `${base}rules:by-session`,
    /** Each session's rules' version (a hash: session → a number from ruleChanges), changed when a rule of it comes or goes. */
    ruleVersions: `${base}rules:versions`,
    ruleChanges: `${base}rules:changes`,
    /** Up to 0.2 the journal was this list (migrateRedisKeys moves its entries). */
    legacyJournal: `${base}journal`,
    journalCounter: `${base}journal:next`,
    /** Journal entries by number (a sorted set: score the entry's id, member its JSON). */
    journalEntries: `${base}journal:entries`,
    /** The unmatched entries' ids (score and member the id, padded). */
    journalUnmatched: `${base}journal:unmatched`,
    /** Every entry as `<hex of its session>:<padded id>` (one score: ordered as text), so one session's are a range. */
    journalBySession: `${base}journal:by-session`,
    /** The unmatched entries the same way. */
    journalUnmatchedBySession: `${base}journal:unmatched-by-session`,
    viewTokenPrefix,
    viewToken: (token: string): string => `${viewTokenPrefix}${token}`,
    /** View Tokens by last activity (under `vt:` up to 0.2: migrateRedisKeys moves it). */
    activity: `${base}vt-activity`,
    /** Every View Token by issue time (ties: by token), for the admin list's pages of all sessions. */
    issued: `${base}vt-issued`,
    sessionIndexPrefix,
    /** One session's View Tokens by issue time: the session's UTF-8 bytes in hex, so any name makes a key of its own. */
    sessionIndex: (session: string): string => `${sessionIndexPrefix}${Buffer.from(session, 'utf8').toString('hex')}`,
    accessTokenPrefix: `${base}at:`,
    accessToken: (token: string): string => `${base}at:${token}`,
    applicationPrefix: `${base}at-app:`,
    application: (appKey: string): string => `${base}at-app:${appKey}`,
  };
}

export type RedisKeys = ReturnType<typeof createRedisKeys>;
