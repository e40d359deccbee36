import type { AccessTokenRecord } from './access-tokens';
import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './handle-service-request';
import type { JournalRecord } from './journal';
import type { OperationPlan } from './operation-plan';
import { planIssue, planUse, toIssuedAnswer, toUsedAnswer } from './operation-plan';
import type { Answer } from './service-answers';
import type { TouchResult, ViewTokenRecord } from './token-store';

/** The store step a one-trip request makes besides journaling: none, an insert, or a use (touch). */
export type TripEffect =
  | { kind: 'none' }
  | { kind: 'insert'; record: ViewTokenRecord }
  | { kind: 'touch'; token: string; usedAtMs: number; activeAfterMs: number };

/** Everything one service request changes, for a shared store to do in one atomic step. */
export interface Trip {
  /** Nothing is done ('rules') when this session holds any rule: the request must see them first. */
  session: string;
  /** Nothing is done ('stale') unless the store still holds exactly this granted Access Token. */
  accessToken?: AccessTokenRecord;
  effect: TripEffect;
  /** Journaled with its `status`, or with `refusedStatus` when a touched token is unknown or inactive. */
  journal: JournalRecord;
  refusedStatus: number;
}

/** `taken`: the drafted token was stored already (nothing done). */
export type TripOutcome =
  | { kind: 'rules' }
  | { kind: 'stale' }
  | { kind: 'taken' }
  | { kind: 'done'; touched?: TouchResult };

/**
 * A shared store (Redis) that does a request's rule check, Access Token check, token step and journal
 * entry in one round trip. Throws StoreFullError when an insert meets the store's cap.
 */
export interface OneTripStore {
  run(trip: Trip): Promise<TripOutcome>;
}

/** The status a trip journaled. */
export function journaledStatus(trip: Trip, outcome: TripOutcome): number {
  return outcome.kind === 'done' && outcome.touched !== undefined && outcome.touched.kind !== 'used' ? trip.refusedStatus : trip.journal.status;
}

/**
 * Runs a View Token request (issue or use) in one store round trip, when the core has a one-trip
 * store and the request needs nothing this process cannot decide alone. Undefined when it could
 * not (rules in the session, an Access Token not seen here or gone since): nothing was changed or
 * journaled, and the request takes the step-by-step way. The plan is the same either way.
 */
export async function tryOneTrip(core: Core, request: ServiceRequest, session: string, validate: () => Validation, toJournal: (status: number) => JournalRecord): Promise<Answer | undefined> {
  const trips = core.oneTrip;
  if (trips === undefined || request.operationId === 'issueAccessToken') return undefined;
  let plan: OperationPlan;
  let accessToken: AccessTokenRecord | undefined;
  if (request.operationId === 'getViewerData') plan = planUse(request, validate);
  else {
    const known = core.accessTokens.authenticateKnown(request.headers.authorization);
    if (known === undefined) return undefined;
    accessToken = known.granted;
    plan = planIssue(core, request, session, validate, known.authentication);
  }
  const refused = toUsedAnswer({ kind: 'unknown' });
  const run = (effect: TripEffect, status: number): Promise<TripOutcome> =>
    trips.run({ session, ...(accessToken ? { accessToken } : {}), effect, journal: toJournal(status), refusedStatus: refused.status });
  switch (plan.kind) {
    case 'answer':
      return (await run({ kind: 'none' }, plan.answer.status)).kind === 'done' ? plan.answer : undefined;
    case 'use': {
      const now = core.clock.now();
      const outcome = await run({ kind: 'touch', token: plan.token, usedAtMs: now, activeAfterMs: now - core.viewTokens.ttlMs }, 200);
      return outcome.kind === 'done' && outcome.touched ? toUsedAnswer(core.viewTokens.toUse(outcome.touched)) : undefined;
    }
    case 'issue': {
      const record = core.viewTokens.draft(plan.fields);
      const outcome = await run({ kind: 'insert', record }, 200);
      if (outcome.kind === 'done') return toIssuedAnswer(core, record);
      // Taken (a seeded sequence met a stored token): the step-by-step way draws again, as often as it must.
      if (outcome.kind !== 'taken') core.viewTokens.giveBack(record);
      return undefined;
    }
  }
}
