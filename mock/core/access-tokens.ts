import type { AccessTokenRecord, AccessTokenStore } from './access-token-store';
import { createMemoryAccessTokenStore } from './access-token-store';
import { readBearerCredentials } from './bearer-credentials';
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
  { kind: 'accepted'; app: string | null } | { kind: 'rejected'; reason: AuthenticationFailure };

/** Why Basic credentials were refused: each becomes its own sentence in the 401's message. */
export type GrantRefusal =
  | { reason: 'no-basic' }
  | { reason: 'malformed-basic' }
  | { reason: 'unknown-app'; appKey: string; configured: number }
  | { reason: 'wrong-secret'; appKey: string };

type AccessTokenGrant = { kind: 'issued'; token: string; expiresAtMs: number } | ({ kind: 'rejected' } & GrantRefusal);

/** An authentication decided without the store, and the granted token's record it relied on (if any). */
interface KnownAuthentication {
  authentication: Authentication;
  /** A granted token this process has seen: valid only while the store still holds exactly this record. */
  granted?: AccessTokenRecord;
}

/** Accepts bearer Access Tokens and issues them for applications' Basic credentials. */
export interface AccessTokens {
  /** Accepts or refuses the bearer token; a granted one is judged at `nowMs` (the request's session's mock time). */
  authenticate(authorization: string | undefined, nowMs: number): Promise<Authentication>;
  /**
   * The same decision without the store, where this process can make it: undefined for a granted
   * token it has not seen (ask `authenticate`). A `granted` record must be checked against the store,
   * and its expiry against the session's clock, in the same step that relies on it (one-trip.ts): a
   * reset elsewhere may have dropped it, a clock moved elsewhere expired it.
   */
  authenticateKnown(authorization: string | undefined): KnownAuthentication | undefined;
  /** Grants (or hands out again, while valid) the application's token at `nowMs`, valid 7 days of that clock. */
  grant(authorization: string | undefined, nowMs: number): Promise<AccessTokenGrant>;
  records(): Promise<AccessTokenRecord[]>;
  restore(records: readonly AccessTokenRecord[]): Promise<void>;
  clear(): Promise<void>;
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * The value without HTTP's own whitespace around it (SP, HTAB): String.trim() would also drop U+00A0,
 * accepting `Bearer <token>\u00a0`. A loop, not a regular expression's replace: it runs on every
 * request's Authorization header, which has none to drop.
 */
function trimHttpWhitespace(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === SPACE || value.charCodeAt(start) === TAB)) start += 1;
  while (end > start && (value.charCodeAt(end - 1) === SPACE || value.charCodeAt(end - 1) === TAB)) end -= 1;
  return value.slice(start, end);
}

export interface AccessTokenOptions {
  applications: readonly Application[];
  random: RandomSource;
  /** Where granted tokens live. Default: this process's memory. */
  store?: AccessTokenStore | undefined;
}

/** What a token granted through `POST /oauth2/token` looks like (`cn-<uuid>`). */
const GRANTED_SHAPE = /^cn-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * With no applications (open world), any non-empty bearer token is accepted, except a token the mock
 * granted once its 7 days are over (a tester can show an SDK an expired Access Token), and any non-empty
 * `appKey:appSecret` is granted a token (real SDKs ask for one first); with applications (closed
 * world), only their credentials, and only the unexpired tokens granted through `POST /oauth2/token`.
 * @example await createAccessTokens({ applications: [], random }).authenticate('Bearer x', Date.UTC(2026, 0, 1))
 */
export function createAccessTokens(deps: AccessTokenOptions): AccessTokens {
  const store = deps.store ?? createMemoryAccessTokenStore();
  const secrets = new Map(deps.applications.map((app) => [app.appKey, app.appSecret]));
  const closed = deps.applications.length > 0;
  const preIssued = new Map(
    deps.applications.flatMap((app) => (app.accessTokens ?? []).map((token) => [token, app.appKey] as const)),
  );
  // Granted tokens seen valid here, by token (records never change: a reset deletes them, a grant adds new ones).
  const seen = new Map<string, AccessTokenRecord>();
  /** The decision the Authorization header alone allows, or the granted token to look up. */
  const readBearer = (authorization: string | undefined): Authentication | { kind: 'look-up'; token: string } => {
    if (authorization === undefined) return { kind: 'rejected', reason: 'missing' };
    const credentials = readBearerCredentials(trimHttpWhitespace(authorization));
    if (credentials === undefined) return { kind: 'rejected', reason: 'not-bearer' };
    const token = trimHttpWhitespace(credentials);
    if (token === '') return { kind: 'rejected', reason: 'empty' };
    // Open world: only a token shaped as the mock grants them can be one it granted (and has expired).
    if (!closed) return GRANTED_SHAPE.test(token) ? { kind: 'look-up', token } : { kind: 'accepted', app: null };
    const preIssuedFor = preIssued.get(token);
    return preIssuedFor === undefined ? { kind: 'look-up', token } : { kind: 'accepted', app: preIssuedFor };
  };
  return {
    async authenticate(authorization, nowMs) {
      const read = readBearer(authorization);
      if (read.kind !== 'look-up') return read;
      const record = await store.find(read.token);
      if (!record) {
        seen.delete(read.token);
        // Open world: a token the mock never granted (or no longer holds) is any other bearer.
        return closed ? { kind: 'rejected', reason: 'unknown' } : { kind: 'accepted', app: null };
      }
      if (nowMs >= record.expiresAtMs) return { kind: 'rejected', reason: 'expired' };
      seen.set(read.token, record);
      return { kind: 'accepted', app: closed ? record.appKey : null };
    },
    authenticateKnown(authorization) {
      const read = readBearer(authorization);
      if (read.kind !== 'look-up') return { authentication: read };
      const record = seen.get(read.token);
      if (!record) return undefined;
      return { authentication: { kind: 'accepted', app: closed ? record.appKey : null }, granted: record };
    },
    async grant(authorization, nowMs) {
      const credentials = decodeBasic(authorization);
      if (credentials.kind === 'rejected') return credentials;
      const refusal = closed ? checkSecret(secrets, credentials) : undefined;
      if (refusal) return { kind: 'rejected', ...refusal };
      const now = nowMs;
      // Drawn only when needed, so a seeded run's tokens do not depend on how often apps re-grant.
      const current = await store.current(credentials.appKey);
      const granted =
        current && now < current.expiresAtMs
          ? current
          : await store.grant(
              {
                token: `cn-${randomUuid(deps.random)}`,
                appKey: credentials.appKey,
                expiresAtMs: now + ACCESS_TOKEN_TTL_MS,
              },
              now,
            );
      // The SDK's next call brings it back: known here, it needs no look-up of its own.
      seen.set(granted.token, granted);
      return { kind: 'issued', token: granted.token, expiresAtMs: granted.expiresAtMs };
    },
    records: () => store.records(),
    restore: (records) => store.restore(records),
    clear() {
      seen.clear();
      return store.clear();
    },
  };
}

function checkSecret(
  secrets: ReadonlyMap<string, string>,
  credentials: { appKey: string; appSecret: string },
): GrantRefusal | undefined {
  const secret = secrets.get(credentials.appKey);
  if (secret === undefined) return { reason: 'unknown-app', appKey: credentials.appKey, configured: secrets.size };
  return secret === credentials.appSecret ? undefined : { reason: 'wrong-secret', appKey: credentials.appKey };
}

export type Credentials =
  { kind: 'credentials'; appKey: string; appSecret: string } | ({ kind: 'rejected' } & GrantRefusal);

/** `Basic base64(appKey:appSecret)`, both parts non-empty. */
export function decodeBasic(authorization: string | undefined): Credentials {
  // Stryker disable next-line StringLiteral: any text without the Basic scheme is refused the same way
  const trimmed = authorization?.trim() ?? '';
  if (!/^basic(?:\s|$)/i.test(trimmed)) return { kind: 'rejected', reason: 'no-basic' };
  const match = /^basic\s+([A-Za-z0-9+/=]+)$/i.exec(trimmed);
  if (!match?.[1]) return { kind: 'rejected', reason: 'malformed-basic' };
  let decoded: string;
  try {
    decoded = atob(match[1]);
  } catch {
    return { kind: 'rejected', reason: 'malformed-basic' };
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return { kind: 'rejected', reason: 'malformed-basic' };
  return { kind: 'credentials', appKey: decoded.slice(0, colon), appSecret: decoded.slice(colon + 1) };
}
