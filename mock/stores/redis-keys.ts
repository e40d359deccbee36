import { deploymentKeys } from './redis-connection';

/**
 * Every key one deployment keeps in Redis, named in one place. All start with the hash tag
 * `{prefix}`, so they share one slot and any script may touch any of them on Redis Cluster.
 * @example createRedisKeys('vtm:').viewToken('0f…') // '{vtm:}vt:0f…'
 */
export function createRedisKeys(prefix: string) {
  const base = deploymentKeys(prefix);
  const viewTokenPrefix = `${base}vt:`;
  const sessionIndexPrefix = `${base}vt-session:`;
  return {
    base,
    /** The one clock of 0.2.0, read once into `clocks` (redis-clocks.ts). */
    clock: `${base}clock`,
    /** Every session's clock: a hash, session → state JSON ('' the deployment's). */
    clocks: `${base}clocks`,
    rules: `${base}rules`,
    ruleCounter: `${base}rules:next`,
    rulesSeeded: `${base}rules:seeded`,
    /** How many rules each session holds (a hash: session → count; a session without rules has no field). */
    ruleSessions: `${base}rules:sessions`,
    journal: `${base}journal`,
    journalCounter: `${base}journal:next`,
    viewTokenPrefix,
    viewToken: (token: string): string => `${viewTokenPrefix}${token}`,
    /** View Tokens by last activity. */
    activity: `${base}vt:activity`,
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
