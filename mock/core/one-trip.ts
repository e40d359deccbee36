import type { AccessTokenRecord } from './access-token-store';
import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './service-request';
import type { JournalRecord } from './journal';
import type { OperationPlan } from './operation-plan';
import { planIssue, planUse, toIssuedAnswer, toUsedAnswer } from './operation-plan';
import type { Answer } from './service-answers';
import type { TouchResult } from './token-store';
import type { TripEffect, TripOutcome } from './one-trip-store';

/** A one-trip attempt: answered, or to go step by step (with the version of the session's rules when the trip read it). */
export type TripAttempt = { kind: 'answered'; answer: Answer } | { kind: 'step-by-step'; ruleVersion?: string };

const STEP_BY_STEP: TripAttempt = { kind: 'step-by-step' };

/**
 * Runs a View Token request (issue or use) in one store round trip, when the core has a one-trip
 * store and the request needs nothing this process cannot decide alone. Otherwise (rules in the
 * session, an Access Token not seen here or gone since) nothing was changed or journaled, and the
 * request goes step by step, with the version of the rules the trip read. The plan is the same either way.
 */
export async function tryOneTrip(core: Core, request: ServiceRequest, session: string, validate: () => Validation, toJournal: (status: number) => JournalRecord): Promise<TripAttempt> {
  const trips = core.oneTrip;
  if (trips === undefined || request.operationId === 'issueAccessToken') return STEP_BY_STEP;
  let plan: OperationPlan;
  let accessToken: AccessTokenRecord | undefined;
  if (request.operationId === 'getViewerData') plan = planUse(request, validate);
  else {
    const known = core.accessTokens.authenticateKnown(request.headers.authorization);
    if (known === undefined) return STEP_BY_STEP;
    accessToken = known.granted;
    plan = planIssue(core, request, session, validate, known.authentication);
  }
  const refused = toUsedAnswer({ kind: 'unknown' });
  const run = (effect: TripEffect, status: number): Promise<TripOutcome> =>
    trips.run({ session, ...(accessToken ? { accessToken } : {}), effect, journal: toJournal(status), refusedStatus: refused.status });
  switch (plan.kind) {
    case 'answer':
      return toAttempt(await run({ kind: 'none' }, plan.answer.status), () => plan.answer);
    case 'use': {
      const now = core.clock.now();
      const outcome = await run({ kind: 'touch', token: plan.token, usedAtMs: now, activeAfterMs: now - core.viewTokens.ttlMs }, 200);
      return toAttempt(outcome, (touched) => toUsedAnswer(core.viewTokens.toUse(touched ?? { kind: 'unknown' })));
    }
    case 'issue': {
      const record = core.viewTokens.draft(plan.fields);
      const outcome = await run({ kind: 'insert', record }, 200);
      // Taken (a seeded sequence met a stored token): the step-by-step way draws again, as often as it must.
      if (outcome.kind !== 'done' && outcome.kind !== 'taken') core.viewTokens.giveBack(record);
      return toAttempt(outcome, () => toIssuedAnswer(core, record));
    }
  }
}

function toAttempt(outcome: TripOutcome, toAnswer: (touched: TouchResult | undefined) => Answer): TripAttempt {
  if (outcome.kind === 'done') return { kind: 'answered', answer: toAnswer(outcome.touched) };
  if (outcome.kind !== 'rules') return STEP_BY_STEP;
  return outcome.version === undefined ? STEP_BY_STEP : { kind: 'step-by-step', ruleVersion: outcome.version };
}
