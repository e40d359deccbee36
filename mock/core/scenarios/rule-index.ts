import { readBearerCredentials } from '../bearer-credentials';
import { parseInt64 } from '../int64';
import type { ServiceRequest } from '../service-request';
import type { Rule, RuleCondition } from './rule';
import { toRuleNumber } from './rule-store';

/** The rules of one session that match a request, found without reading the others. */
export interface RuleIndex {
  /** The rules whose `when` the request meets, in creation order, found as they are read (the first match usually ends it). */
  matching(request: ServiceRequest): Iterable<Rule>;
  readonly size: number;
}

const ANY = '*';

/**
 * Indexes a session's rules by what a request must carry for each to match: its operation (or
 * any), and its parameter with the value it equals (ids as exact int64), or the parameter only, or
 * none. A request looks up only its own operation's and parameters' buckets: with 1,000 rules on
 * `fileId` values it reads the one for its fileId, not 1,000. Built once per change of the rules.
 * @example createRuleIndex(rules).matching(request) // the rules that apply, first created first
 */
export function createRuleIndex(rules: readonly Rule[]): RuleIndex {
  const buckets = new Map<string, Rule[]>();
  const params = new Set<string>();
  for (const rule of [...rules].sort((a, b) => toRuleNumber(a.id) - toRuleNumber(b.id))) {
    const key = bucketOf(rule.when);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(rule);
    else buckets.set(key, [rule]);
    if (rule.when.param !== undefined) params.add(rule.when.param);
  }
  return {
    size: rules.length,
    *matching(request) {
      const lists: Rule[][] = [];
      const add = (key: string): void => {
        const bucket = buckets.get(key);
        if (bucket) lists.push(bucket);
      };
      for (const operation of [request.operationId, ANY]) {
        add(`${operation}\u0000${ANY}`);
        for (const param of params) {
          const value = request.pathParams[param] ?? request.query[param];
          if (typeof value !== 'string') continue;
          add(`${operation}\u0000p\u0000${param}`);
          add(`${operation}\u0000e\u0000${param}\u0000${canonical(value)}`);
        }
      }
      // The buckets are each in creation order: merged as read, so a first match costs a few steps.
      const at = lists.map(() => 0);
      for (;;) {
        let next = -1;
        for (let list = 0; list < lists.length; list += 1) {
          const candidate = (lists[list] as Rule[])[at[list] as number];
          if (
            candidate &&
            (next < 0 ||
              toRuleNumber(candidate.id) < toRuleNumber((lists[next] as Rule[])[at[next] as number]?.id ?? ''))
          )
            next = list;
        }
        if (next < 0) return;
        const rule = (lists[next] as Rule[])[at[next] as number] as Rule;
        at[next] = (at[next] as number) + 1;
        if (matches(rule.when, request)) yield rule;
      }
    },
  };
}

function bucketOf(when: RuleCondition): string {
  const operation = when.operation ?? ANY;
  if (when.param === undefined) return `${operation}\u0000${ANY}`;
  if (when.equals === undefined) return `${operation}\u0000p\u0000${when.param}`;
  return `${operation}\u0000e\u0000${when.param}\u0000${canonical(String(when.equals))}`;
}

/** A value as rules compare it: an int64 by its exact value (`007` is `7`), anything else as written. */
function canonical(value: string): string {
  const parsed = parseInt64(value);
  return parsed.kind === 'ok' ? `i${parsed.value}` : `s${value}`;
}

/**
 * Whether the request meets the whole condition (operation, Access Token, parameter and value).
 * @example matches({ param: 'fileId', equals: '7' }, request) // true for ?fileId=007
 */
export function matches(when: RuleCondition, request: ServiceRequest): boolean {
  if (when.operation !== undefined && when.operation !== request.operationId) return false;
  if (when.accessToken !== undefined && bearerTokenOf(request.headers.authorization) !== when.accessToken) return false;
  if (when.param === undefined) return true;
  const value = request.pathParams[when.param] ?? request.query[when.param];
  if (typeof value !== 'string') return false;
  return when.equals === undefined || canonical(value) === canonical(String(when.equals));
}

/** The request's bearer Access Token as a rule's `accessToken` is compared with (`Bearer` alone has none). */
function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined || authorization.length === 'bearer'.length) return undefined;
  return readBearerCredentials(authorization)?.trim();
}
