import type { Core } from '../core/create-core';
import type { MatchRoute, MatchedRoute, RouteMatch } from '../core/routing/match-route';
import { createRouteMatcher } from '../core/routing/match-route';
import { AREA_RULES, ROUTE_TABLE } from '../core/routing/route-table';
import type { QueryValues } from '../core/target';
import type { AdminGuardOptions } from './admin-guard';
import { createAdminGuard } from './admin-guard';
import type { CorsDecision } from './cors';
import { createCors } from './cors';
import type { FrontRequest } from './front-request';
import type { FrontLogger } from './failure';
import { createLogThrottle } from './log-throttle';
import type { Operation, Operations } from './operation';
import type { Reply } from './reply';
import { refuse } from './refusal';
import type { JournalUnmatched } from './unmatched';
import { createUnmatchedJournal } from './unmatched';

/** What a front is made of; each adapter gives its runtime's pieces. */
export interface FrontOptions {
  core: Core;
  /** The handlers by operationId (createOperations(), and an adapter's own). */
  operations: Operations;
  /** Answers an operation no handler has (the server: from the spec, with prism). Default: a 500 saying so. */
  unhandled?: Operation | undefined;
  /** Prefix of every service route (not of /__admin), e.g. `/api`. '' for none. */
  basePath: string;
  /** Allowed CORS origins; undefined: any. */
  corsOrigins?: readonly string[] | undefined;
  guard: AdminGuardOptions;
  /** `--admin-token`: whether an Authorization header carries it; undefined: the admin API needs no token. */
  checkAdminToken?: ((authorization: string | undefined) => boolean) | undefined;
  /** The adapter's query parser: `a=1&a=2` → `{ a: ['1', '2'] }`, no inherited members. */
  parseQuery: (query: string) => QueryValues;
  /** Requests the adapter hands on to someone else (MSW's next handler, the app's next middleware). Default: none. */
  passOn?: ((match: RouteMatch) => boolean) | undefined;
  logger: FrontLogger;
}

/** A front, ready for handleRequest: the options' pieces built once. */
export interface Front {
  matchRoute: MatchRoute;
  passOn: (match: RouteMatch) => boolean;
  guard: (request: FrontRequest) => Reply | undefined;
  checkAdminToken: ((authorization: string | undefined) => boolean) | undefined;
  cors: (request: FrontRequest) => CorsDecision;
  operation: (match: MatchedRoute) => Operation;
  parseQuery: (query: string) => QueryValues;
  journalUnmatched: JournalUnmatched;
  logger: FrontLogger;
  /** Whether a repeated warning is due (at most one per 10 s). */
  warningDue: (key: string) => number | undefined;
}

const NEVER = (): boolean => false;

/**
 * Builds the front every adapter calls (handleRequest): the one route matcher, the admin guard and
 * CORS, the operations by operationId.
 * @example
 * const operations = createOperations({ core, ... });
 * const front = createFront({ core, operations, basePath: '', guard, parseQuery, logger });
 */
export function createFront(options: FrontOptions): Front {
  const { operations, unhandled = answerUnhandled } = options;
  return {
    matchRoute: createRouteMatcher(ROUTE_TABLE, { basePath: options.basePath }),
    passOn: options.passOn ?? NEVER,
    guard: createAdminGuard(options.guard),
    checkAdminToken: options.checkAdminToken,
    cors: createCors(options.corsOrigins),
    operation: (match) => operations[match.operationId] ?? unhandled,
    parseQuery: options.parseQuery,
    journalUnmatched: createUnmatchedJournal(options.core, options.logger),
    logger: options.logger,
    warningDue: createLogThrottle(),
  };
}

/** An operation of the spec this adapter has no handler for: a 500 in its area's format, saying so. */
const answerUnhandled: Operation = (_request, match) =>
  refuse(AREA_RULES[match.area].errors, {
    status: 500,
    code: 'system.error',
    problem: 'server-error',
    detail: `${match.operationId} has no handler here: the mock's server answers it.`,
  });
