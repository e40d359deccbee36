import type { AccessTokenStore } from './access-token-store';
import { createMemoryAccessTokenStore } from './access-token-store';
import type { Clock } from './clock';
import type { RandomSource } from './random-source';
import { randomUuid } from './random-source';

/** An application that may ask for Access Tokens (from the config file or catalog). */
export interface Application {
  appKey: string;
  appSecret: string;
  name?: string;
  /**
   * Access Tokens accepted for this application without a grant, and never expiring: a CI job
   * can know its token upfront, and every mock process reading the same config accepts it.
   */
  accessTokens?: readonly string[];
}

/** Access Tokens live 7 days, as on the real platform. */
export const ACCESS_TOKEN_TTL_MS = 7 * 86_400_000;

export type AuthenticationFailure = 'missing' | 'not-bearer' | 'empty' | 'unknown' | 'expired';

export type Authentication =
  | { kind: 'accepted'; app: string | null }
  | { kind: 'rejected'; reason: AuthenticationFailure };

/** Why Basic credentials were refused: each becomes its own sentence in the 401's message. */
export type GrantRefusal =
  | { reason: 'no-basic' }
  | { reason: 'malformed-basic' }
  | { reason: 'unknown-app'; appKey: string; configured: number }
  | { reason: 'wrong-secret'; appKey: string };

export type AccessTokenGrant =
  | { kind: 'issued'; token: string; expiresAtMs: number }
  | ({ kind: 'rejected' } & GrantRefusal);

export interface AccessTokenRecord {
  token: string;
  appKey: string;
  expiresAtMs: number;
}

/** Accepts bearer Access Tokens and issues them for applications' Basic credentials. */
export interface AccessTokens {
  authenticate(authorization: string | undefined): Promise<Authentication>;
  grant(authorization: string | undefined): Promise<AccessTokenGrant>;
  records(): Promise<AccessTokenRecord[]>;
  restore(records: readonly AccessTokenRecord[]): Promise<void>;
  clear(): Promise<void>;
}

const BEARER = /^bearer(?:\s+(.*))?$/i;

export interface AccessTokenOptions {
  applications: readonly Application[];
  clock: Clock;
  random: RandomSource;
  /** Where granted tokens live. Default: this process's memory. */
  store?: AccessTokenStore;
}

/**
 * With no applications (open world), any non-empty bearer token is accepted and any non-empty
 * `appKey:appSecret` is granted a token (real SDKs ask for one first); with applications (closed
 * world), only their credentials, and only the unexpired tokens granted through `POST /oauth2/token`.
 * @example await createAccessTokens({ applications: [], clock, random }).authenticate('Bearer x')
 */
export function createAccessTokens(deps: AccessTokenOptions): AccessTokens {
  const store = deps.store ?? createMemoryAccessTokenStore();
  const secrets = new Map(deps.applications.map((app) => [app.appKey, app.appSecret]));
  const closed = deps.applications.length > 0;
  const preIssued = new Map(deps.applications.flatMap((app) => (app.accessTokens ?? []).map((token) => [token, app.appKey] as const)));
  return {
    async authenticate(authorization) {
      if (authorization === undefined) return { kind: 'rejected', reason: 'missing' };
      const bearer = BEARER.exec(authorization.trim());
      if (!bearer) return { kind: 'rejected', reason: 'not-bearer' };
      const token = (bearer[1] ?? '').trim();
      if (token === '') return { kind: 'rejected', reason: 'empty' };
      if (!closed) return { kind: 'accepted', app: null };
      const preIssuedFor = preIssued.get(token);
      if (preIssuedFor !== undefined) return { kind: 'accepted', app: preIssuedFor };
      const record = await store.find(token);
      if (!record) return { kind: 'rejected', reason: 'unknown' };
      if (deps.clock.now() >= record.expiresAtMs) return { kind: 'rejected', reason: 'expired' };
      return { kind: 'accepted', app: record.appKey };
    },
    async grant(authorization) {
      const credentials = decodeBasic(authorization);
      if (credentials.kind === 'rejected') return credentials;
      const refusal = closed ? checkSecret(secrets, credentials) : undefined;
      if (refusal) return { kind: 'rejected', ...refusal };
      const now = deps.clock.now();
      // Drawn only when needed, so a seeded run's tokens do not depend on how often apps re-grant.
      const current = await store.current(credentials.appKey);
      if (current && now < current.expiresAtMs) return { kind: 'issued', token: current.token, expiresAtMs: current.expiresAtMs };
      const candidate = { token: `cn-${randomUuid(deps.random)}`, appKey: credentials.appKey, expiresAtMs: now + ACCESS_TOKEN_TTL_MS };
      const granted = await store.grant(candidate, now);
      return { kind: 'issued', token: granted.token, expiresAtMs: granted.expiresAtMs };
    },
    records: () => store.records(),
    restore: (records) => store.restore(records),
    clear: () => store.clear(),
  };
}

function checkSecret(secrets: ReadonlyMap<string, string>, credentials: { appKey: string; appSecret: string }): GrantRefusal | undefined {
  const secret = secrets.get(credentials.appKey);
  if (secret === undefined) return { reason: 'unknown-app', appKey: credentials.appKey, configured: secrets.size };
  return secret === credentials.appSecret ? undefined : { reason: 'wrong-secret', appKey: credentials.appKey };
}

export type Credentials = { kind: 'credentials'; appKey: string; appSecret: string } | ({ kind: 'rejected' } & GrantRefusal);

/** `Basic base64(appKey:appSecret)`, both parts non-empty. */
export function decodeBasic(authorization: string | undefined): Credentials {
  const trimmed = authorization?.trim() ?? '';
  if (!/^basic(?:\s|$)/i.test(trimmed)) return { kind: 'rejected', reason: 'no-basic' };
  const match = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(trimmed);
  if (!match?.[1]) return { kind: 'rejected', reason: 'malformed-basic' };
  let decoded: string;
  try { decoded = atob(match[1]); } catch { return { kind: 'rejected', reason: 'malformed-basic' }; }
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return { kind: 'rejected', reason: 'malformed-basic' };
  return { kind: 'credentials', appKey: decoded.slice(0, colon), appSecret: decoded.slice(colon + 1) };
}
