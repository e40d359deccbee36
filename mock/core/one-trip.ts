import type { AccessTokenRecord } from './access-token-store';
import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './service-request';
import type { JournalRecord } from './journal';
import type { OperationPlan } from './operation-plan';
import { planIssue, planUse, toIssuedAnswer, toUsedAnswer } from './operation-plan';
import type { Answer } from './service-answers';
import type { ClockBook } from './session-clocks';
import { toClockBook } from './session-clocks';
import type { TripEffect, TripOutcome } from './one-trip-store';
import { isViewTokenIssue } from './view-token-credential';

/**
 * A one-trip attempt: answered, or to go step by step, with the version of the session's rules and the
 * clocks when the trip read them (the step-by-step way then asks for neither again).
 */
export type TripAttempt =
  | { kind: 'answered'; answer: Answer; session?: string; ownClock?: boolean }
  | { kind: 'step-by-step'; ruleVersion?: string; clocks?: ClockBook; session?: string };

/** A request's session for the trip: the one it names, or the one of the View Token it carries (found in the same step). */
export type TripSession = string | { ofToken: string };

const STEP_BY_STEP: TripAttempt = { kind: 'step-by-step' };

/**
 * Runs a View Token request (issue or use) in one store round trip, when the core has a one-trip
 * store and the request needs nothing this process cannot decide alone. The store reads the clocks in
 * the same step (the request's session's for the issue and the journal, the token's session's for a
 * use), so a clock moved through any process applies to the very next request. Otherwise (rules in the
 * session, an Access Token not seen here, gone or expired since) nothing was changed or journaled, and
 * the request goes step by step, with what the trip read. The plan is the same either way.
 */
export async function tryOneTrip(
  core: Core,
  request: ServiceRequest,
  tripSession: TripSession,
  validate: () => Validation,
  toJournal: (status: number) => Omit<JournalRecord, 'atMs'>,
): Promise<TripAttempt> {
  const trips = core.oneTrip;
  // An Access Token grant, or a child file's token asked for with a View Token (a use, then an issue).
  if (trips === undefined || request.operationId === 'issueAccessToken' || isViewTokenIssue(request))
    return STEP_BY_STEP;
  // An issue's record names its session: the trip takes a View Token's session for a use only.
  if (typeof tripSession !== 'string' && request.operationId !== 'getViewerData') return STEP_BY_STEP;
  const session = typeof tripSession === 'string' ? tripSession : '';
  const byToken = typeof tripSession === 'string' ? {} : { sessionOfToken: tripSession.ofToken };
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
    trips.run({
      session,
      ...byToken,
      ...(accessToken ? { accessToken } : {}),
      effect,
      journal: toJournal(status),
      refusedStatus: refused.status,
      realNowMs: core.clocks.realNow(),
    });
  switch (plan.kind) {
    case 'answer':
      return toAttempt(core, await run({ kind: 'none' }, plan.answer.status), () => plan.answer);
    case 'use': {
      const outcome = await run({ kind: 'touch', token: plan.token, ttlMs: core.viewTokens.ttlMs }, 200);
      return toAttempt(core, outcome, (done) =>
        toUsedAnswer(core.viewTokens.toUse(done.touched ?? { kind: 'unknown' })),
      );
    }
    case 'issue': {
      // The store dates it: the mock time of the session, read in the same step.
      const record = core.viewTokens.draft(plan.fields, 0);
      const { issuedAtMs: _dated, ...undated } = record;
      const outcome = await run({ kind: 'insert', record: undated }, 200);
      // Taken (a seeded sequence met a stored token): the step-by-step way draws again, as often as it must.
      if (outcome.kind !== 'done' && outcome.kind !== 'taken') core.viewTokens.giveBack(record);
      return toAttempt(core, outcome, (done) => {
        record.issuedAtMs = done.atMs;
        return toIssuedAnswer(core, record);
      });
    }
  }
}

function toAttempt(
  core: Core,
  outcome: TripOutcome,
  toAnswer: (done: Extract<TripOutcome, { kind: 'done' }>) => Answer,
): TripAttempt {
  if (outcome.kind === 'done')
    return {
      kind: 'answered',
      answer: toAnswer(outcome),
      ...(outcome.session === undefined ? {} : { session: outcome.session }),
      ...(outcome.ownClock === true ? { ownClock: true } : {}),
    };
  if (outcome.kind === 'taken') return STEP_BY_STEP;
  const clocks = toClockBook(outcome.clocks.states, outcome.clocks.sessions, core.clocks.realNow);
  const session = outcome.session === undefined ? {} : { session: outcome.session };
  return outcome.kind === 'rules' && outcome.version !== undefined
    ? { kind: 'step-by-step', ruleVersion: outcome.version, clocks, ...session }
    : { kind: 'step-by-step', clocks, ...session };
}
