import type { AccessTokenRecord } from '../core/access-token-store';
import type { ClockState } from '../core/clock';
import { isMockTimeInRange } from '../core/clock';
import { parseInt64 } from '../core/int64';
import type { ObjectType } from '../core/object-types';
import type { Rule } from '../core/scenarios/rule';
import { checkRule } from '../core/scenarios/rule-check';
import { checkSessionLength } from '../core/session-limit';
import type { ViewTokenRecord } from '../core/token-store';
import { VIEW_TOKEN_FORMAT } from '../core/view-tokens';
import type { MemoryTokenStore } from './memory-token-store';

/**
 * One line of a state file: an item of the state (a snapshot is a list of them) or a change to it
 * (the change log). Every record says what something *is* after the change, never by how much it
 * changed, so replaying a record twice, or over a snapshot that already has it, gives the same state.
 */
export type StateRecord =
  | ({ k: 'token' } & ViewTokenRecord)
  | { k: 'token-deleted'; token: string }
  | { k: 'tokens-cleared'; session?: string }
  | { k: 'tokens-reclaimed'; beforeMs: number; sessions?: [session: string, beforeMs: number][] }
  | ({ k: 'clock'; session?: string } & ClockState)
  | { k: 'clock-forgotten'; session: string }
  | { k: 'clocks-cleared' }
  | ({ k: 'rule' } & Rule)
  | { k: 'rule-deleted'; id: string }
  | { k: 'rules-cleared'; session?: string }
  | ({ k: 'access-token' } & AccessTokenRecord)
  | { k: 'access-tokens-cleared' };

type RecordKind = StateRecord['k'];

/** What a state file's records are replayed into while it loads. */
export interface ReplayTarget {
  tokens: MemoryTokenStore;
  /** Each session's own clock ('' the deployment's). */
  clocks: Map<string, ClockState>;
  rules: Map<string, Rule>;
  accessTokens: Map<string, AccessTokenRecord>;
}

/** How one kind of record is checked (the same checks as the admin API and config) and replayed. */
interface KindRules<K extends RecordKind> {
  /** Its fields besides `k`: any other is refused. */
  fields: readonly string[];
  /** What is wrong with the record, or undefined. */
  check(value: Record<string, unknown>): string | undefined;
  apply(target: ReplayTarget, record: Extract<StateRecord, { k: K }>): void | Promise<unknown>;
}

const OBJECT_TYPES: readonly ObjectType[] = [
  'file',
  'integration',
  'comparison',
  'scene',
  'submodel',
  'clashDetection',
  'moduleData',
  'childFile',
];
const RULE_ID = /^r[1-9]\d{0,14}$/;
/** Records a session's replayed reset deletes at a time. */
const CLEAR_STEP = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A time the mock's clock can show (1970 to 9999): anything else would fail every answer that dates it. */
const isTime = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && isMockTimeInRange(value);
const isInt64 = (value: unknown): boolean => typeof value === 'string' && parseInt64(value).kind === 'ok';
const isViewToken = (value: unknown): boolean => typeof value === 'string' && VIEW_TOKEN_FORMAT.test(value);
const TOKEN_FORMAT = '"token" must be 32 lowercase hex characters, as the mock issues them';
const checkSession = (value: unknown): string | undefined =>
  typeof value !== 'string' ? '"session" must be a string' : checkSessionLength(value);

function checkViewToken(value: Record<string, unknown>): string | undefined {
  if (typeof value.token !== 'string' || value.token === '') return '"token" must be a non-empty string';
  if (!OBJECT_TYPES.includes(value.objectType as ObjectType))
    return `"objectType" must be one of ${OBJECT_TYPES.join(', ')}`;
  if (!isInt64(value.objectId)) return '"objectId" must be an int64 string';
  if (value.integrateId !== undefined && !isInt64(value.integrateId)) return '"integrateId" must be an int64 string';
  if (typeof value.session !== 'string' || typeof value.name !== 'string')
    return '"session" and "name" must be strings';
  if (value.extension !== undefined && typeof value.extension !== 'string') return '"extension" must be a string';
  if (!isTime(value.issuedAtMs) || (value.lastUsedAtMs !== null && !isTime(value.lastUsedAtMs)))
    return '"issuedAtMs"/"lastUsedAtMs" must be times from 1970 to 9999 in ms';
  if (!Number.isSafeInteger(value.uses) || (value.uses as number) < 0) return '"uses" must be a non-negative integer';
  if (value.lastForced !== undefined && !isForcedUse(value.lastForced))
    return '"lastForced" must be {"outcome": a non-empty string, "rule": r<n> or null, "atMs": a time in ms}';
  return checkSession(value.session) ?? (isViewToken(value.token) ? undefined : TOKEN_FORMAT);
}

function isForcedUse(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { outcome, rule, atMs } = value as Record<string, unknown>;
  const ruleOk = rule === null || (typeof rule === 'string' && RULE_ID.test(rule));
  return typeof outcome === 'string' && outcome !== '' && ruleOk && isTime(atMs) && Object.keys(value).length === 3;
}

function checkRuleRecord(value: Record<string, unknown>): string | undefined {
  if (typeof value.id !== 'string' || !RULE_ID.test(value.id))
    return '"id" must be r and a positive integer (r1, r2, …), as the mock names rules';
  const session = checkSession(value.session);
  if (session !== undefined) return session;
  if (!isObject(value.when) || !isObject(value.then)) return '"when" and "then" must be objects';
  if (value.remaining !== null && (!Number.isSafeInteger(value.remaining) || (value.remaining as number) < 1))
    return '"remaining" must be a positive integer or null';
  // The admin API's and the config's own check: a switch no operation accepts is refused here too.
  const checked = checkRule({
    when: value.when,
    then: value.then,
    ...(value.remaining === null ? {} : { times: value.remaining }),
    ...(value.after === undefined ? {} : { after: value.after }),
  });
  if (checked.kind === 'ok') return undefined;
  const allowed = Object.keys(value.then).flatMap((key) =>
    checked.allowed?.[key] === undefined ? [] : [`${key} ${checked.allowed[key].join(', ')}`],
  );
  return allowed.length === 0 ? checked.detail : `${checked.detail}; allowed: ${allowed.join('; ')}`;
}

function checkClock(value: Record<string, unknown>): string | undefined {
  if (value.session !== undefined) {
    const session = checkSession(value.session);
    if (session !== undefined) return session;
  }
  const valid = Number.isInteger(value.offsetMs) && (value.frozenAtMs === null || isTime(value.frozenAtMs));
  return valid
    ? undefined
    : '"clock" must be {session?, offsetMs, frozenAtMs}, with offsetMs an integer and frozenAtMs null or a time from 1970 to 9999 in ms';
}

function checkReclaimed(value: Record<string, unknown>): string | undefined {
  if (!Number.isSafeInteger(value.beforeMs)) return '"beforeMs" must be an integer (ms)';
  if (value.sessions === undefined) return undefined;
  const pairs = Array.isArray(value.sessions) ? (value.sessions as unknown[]) : [];
  const valid = pairs.every(
    (pair) =>
      Array.isArray(pair) && pair.length === 2 && checkSession(pair[0]) === undefined && Number.isSafeInteger(pair[1]),
  );
  return Array.isArray(value.sessions) && valid
    ? undefined
    : '"sessions" must be a list of [session, beforeMs] pairs (a session name and an integer in ms)';
}

const withoutKind = <T extends { k: string }>(record: T): Omit<T, 'k'> => {
  const { k: _kind, ...rest } = record;
  return rest;
};

/**
 * Every kind of record: its fields, its checks, how it is replayed. A new kind is one entry here, a
 * member of StateRecord, and the call that writes it (state-watch.ts).
 */
const RECORD_KINDS: { [K in RecordKind]: KindRules<K> } = {
  token: {
    fields: [
      'token',
      'objectType',
      'objectId',
      'integrateId',
      'session',
      'extension',
      'name',
      'issuedAtMs',
      'lastUsedAtMs',
      'uses',
      'lastForced',
    ],
    check: checkViewToken,
    apply: (target, record) => target.tokens.put(withoutKind(record)),
  },
  'token-deleted': {
    fields: ['token'],
    check: (value) => (isViewToken(value.token) ? undefined : TOKEN_FORMAT),
    apply: (target, record) => target.tokens.delete(record.token),
  },
  'tokens-cleared': {
    // `session`: that session's only (a session's reset, since 0.3).
    fields: ['session'],
    check: (value) => (value.session === undefined ? undefined : checkSession(value.session)),
    async apply(target, record) {
      if (record.session === undefined) return target.tokens.clear();
      while ((await target.tokens.deleteInSession(record.session, CLEAR_STEP)) > 0);
    },
  },
  'tokens-reclaimed': {
    // `sessions`: the cut-offs of sessions with a clock of their own, [session, ms] pairs (since 0.3).
    fields: ['beforeMs', 'sessions'],
    check: checkReclaimed,
    // The store reclaims in bounded steps: all of them, as the running mock's sweep goes on until none is left.
    async apply(target, record) {
      const sessions = new Map(record.sessions ?? []);
      while ((await target.tokens.reclaim(record.beforeMs, sessions)) > 0);
    },
  },
  clock: {
    // No session: the deployment's clock (as files before session clocks wrote it).
    fields: ['session', 'offsetMs', 'frozenAtMs'],
    check: checkClock,
    apply: (target, record) => {
      target.clocks.set(record.session ?? '', { offsetMs: record.offsetMs, frozenAtMs: record.frozenAtMs });
    },
  },
  'clock-forgotten': {
    fields: ['session'],
    check: (value) => checkSession(value.session),
    apply: (target, record) => {
      target.clocks.delete(record.session);
    },
  },
  'clocks-cleared': { fields: [], check: () => undefined, apply: (target) => target.clocks.clear() },
  rule: {
    fields: ['id', 'session', 'when', 'then', 'remaining', 'after'],
    check: checkRuleRecord,
    apply: (target, record) => {
      target.rules.set(record.id, withoutKind(record));
    },
  },
  'rule-deleted': {
    fields: ['id'],
    check: (value) =>
      typeof value.id === 'string' && RULE_ID.test(value.id)
        ? undefined
        : '"id" must be r and a positive integer (r1, r2, …)',
    apply: (target, record) => {
      target.rules.delete(record.id);
    },
  },
  'rules-cleared': {
    fields: ['session'],
    check: (value) => (value.session === undefined ? undefined : checkSession(value.session)),
    apply(target, record) {
      for (const [id, rule] of target.rules)
        if (record.session === undefined || rule.session === record.session) target.rules.delete(id);
    },
  },
  'access-token': {
    fields: ['token', 'appKey', 'expiresAtMs'],
    check(value) {
      if (
        typeof value.token !== 'string' ||
        value.token === '' ||
        typeof value.appKey !== 'string' ||
        value.appKey === ''
      )
        return '"token" and "appKey" must be non-empty strings';
      return isTime(value.expiresAtMs) ? undefined : '"expiresAtMs" must be a time from 1970 to 9999 in ms';
    },
    apply: (target, record) => {
      target.accessTokens.set(record.token, withoutKind(record));
    },
  },
  'access-tokens-cleared': { fields: [], check: () => undefined, apply: (target) => target.accessTokens.clear() },
};

const KINDS = Object.keys(RECORD_KINDS) as RecordKind[];

/**
 * Checks one parsed line; a string says what is wrong (the record is named by the caller).
 * @example toStateRecord({ k: 'rule-deleted', id: 'r3' }) // { k: 'rule-deleted', id: 'r3' }
 */
export function toStateRecord(value: unknown): StateRecord | string {
  if (!isObject(value)) return 'not a JSON object';
  const kind = RECORD_KINDS[value.k as RecordKind] as KindRules<RecordKind> | undefined;
  if (typeof value.k !== 'string' || kind === undefined || !Object.hasOwn(RECORD_KINDS, value.k))
    return `"k" must be one of ${KINDS.join(', ')}`;
  const extra = Object.keys(value).find((key) => key !== 'k' && !kind.fields.includes(key));
  if (extra !== undefined)
    return `"${extra}" is not a field of a ${value.k} record (use ${kind.fields.join(', ') || 'none'})`;
  return kind.check(value) ?? (value as StateRecord);
}

/** Replays one checked record into the state being loaded. */
export function applyRecord(target: ReplayTarget, record: StateRecord): void | Promise<unknown> {
  return (RECORD_KINDS[record.k] as KindRules<RecordKind>).apply(target, record);
}

/**
 * How an error message names a record: its kind and what identifies it (a View Token shortened, as
 * the journal shows them).
 * @example describeRecord({ k: 'rule', id: 'r3', session: 'qa' }) // 'rule r3 (session "qa")'
 */
export function describeRecord(value: unknown): string {
  if (!isObject(value) || typeof value.k !== 'string') return 'a record';
  const token =
    typeof value.token === 'string'
      ? value.token.length > 12
        ? `${value.token.slice(0, 8)}…`
        : value.token
      : undefined;
  if (value.k === 'rule' || value.k === 'rule-deleted')
    return `${value.k} ${String(value.id)}${typeof value.session === 'string' ? ` (session ${JSON.stringify(value.session)})` : ''}`;
  if (value.k === 'access-token') return `access-token of appKey ${JSON.stringify(value.appKey)}`;
  if (value.k === 'clock' || value.k === 'clock-forgotten')
    return `${value.k} of session ${JSON.stringify(typeof value.session === 'string' ? value.session : '')}`;
  return token === undefined ? `${value.k} record` : `${value.k} ${token}`;
}
