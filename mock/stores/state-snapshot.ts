import type { AccessTokenRecord } from '../core/access-token-store';
import type { ClockState } from '../core/clock';
import { isMockTimeInRange } from '../core/clock';
import { parseInt64 } from '../core/int64';
import type { ObjectType } from '../core/object-types';
import type { Rule } from '../core/scenarios/rule';
import type { ViewTokenRecord } from '../core/token-store';

/** What `--state-file` keeps across restarts: everything a tester works with except the journal. */
export interface StateSnapshot {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** Real time the snapshot was taken (ISO 8601); informative only. */
  savedAt: string;
  clock: ClockState;
  viewTokens: ViewTokenRecord[];
  accessTokens: AccessTokenRecord[];
  rules: Rule[];
}

export const STATE_FORMAT = 'view-token-mock-state';
export const STATE_VERSION = 1;

const OBJECT_TYPES: readonly ObjectType[] = ['file', 'integration', 'comparison', 'scene', 'submodel', 'clashDetection', 'moduleData', 'childFile'];

type Check = (value: unknown) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A time the mock's clock can show (1970 to 9999): anything else would fail every answer that dates it. */
const isTime = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && isMockTimeInRange(value);
const isInt64 = (value: unknown): boolean => typeof value === 'string' && parseInt64(value).kind === 'ok';

const checkViewToken: Check = (value) => {
  if (!isObject(value)) return 'not an object';
  if (typeof value.token !== 'string' || value.token === '') return '"token" must be a non-empty string';
  if (!OBJECT_TYPES.includes(value.objectType as ObjectType)) return `"objectType" must be one of ${OBJECT_TYPES.join(', ')}`;
  if (!isInt64(value.objectId)) return '"objectId" must be an int64 string';
  if (value.integrateId !== undefined && !isInt64(value.integrateId)) return '"integrateId" must be an int64 string';
  if (typeof value.session !== 'string' || typeof value.name !== 'string') return '"session" and "name" must be strings';
  if (value.extension !== undefined && typeof value.extension !== 'string') return '"extension" must be a string';
  if (!isTime(value.issuedAtMs) || (value.lastUsedAtMs !== null && !isTime(value.lastUsedAtMs))) return '"issuedAtMs"/"lastUsedAtMs" must be times from 1970 to 9999 in ms';
  if (!Number.isInteger(value.uses) || (value.uses as number) < 0) return '"uses" must be a non-negative integer';
  return undefined;
};

const checkAccessToken: Check = (value) => {
  if (!isObject(value)) return 'not an object';
  if (typeof value.token !== 'string' || typeof value.appKey !== 'string') return '"token" and "appKey" must be strings';
  return isTime(value.expiresAtMs) ? undefined : '"expiresAtMs" must be a time from 1970 to 9999 in ms';
};

const checkRule: Check = (value) => {
  if (!isObject(value)) return 'not an object';
  if (typeof value.id !== 'string' || typeof value.session !== 'string') return '"id" and "session" must be strings';
  if (!isObject(value.when) || !isObject(value.then)) return '"when" and "then" must be objects';
  if (value.remaining !== null && (!Number.isInteger(value.remaining) || (value.remaining as number) < 1)) return '"remaining" must be a positive integer or null';
  return undefined;
};

/**
 * Checks a parsed state file; a string says what is wrong and where (the file is never repaired).
 * @example toStateSnapshot(JSON.parse(text))
 */
export function toStateSnapshot(value: unknown): StateSnapshot | string {
  if (!isObject(value) || value.format !== STATE_FORMAT) return `not a view-token-mock state file (no "format": "${STATE_FORMAT}")`;
  if (value.version !== STATE_VERSION) return `state version ${String(value.version)} is not supported (this mock reads version ${STATE_VERSION})`;
  const clock = value.clock;
  if (!isObject(clock) || typeof clock.offsetMs !== 'number' || !Number.isInteger(clock.offsetMs) || (clock.frozenAtMs !== null && !isTime(clock.frozenAtMs))) {
    return '"clock" must be {offsetMs, frozenAtMs}, with frozenAtMs null or a time from 1970 to 9999 in ms';
  }
  const lists: [string, Check][] = [['viewTokens', checkViewToken], ['accessTokens', checkAccessToken], ['rules', checkRule]];
  for (const [name, check] of lists) {
    const list = value[name];
    if (!Array.isArray(list)) return `"${name}" must be an array`;
    for (const [index, item] of list.entries()) {
      const problem = check(item);
      if (problem !== undefined) return `${name}[${index}]: ${problem}`;
    }
  }
  return value as unknown as StateSnapshot;
}
