import type { Core } from './create-core';
import type { Fault } from './scenarios/preferences';
import { QUERY_SWITCHES, findUnknownSwitch, readPreferences, withoutSwitches } from './scenarios/preferences';
import { findNearestName } from './near-miss';
import { bareRecord } from './bare-record';
import { VIEW_TOKEN_PARAMETERS, carriedViewToken } from './carried-view-token';
import { answerScenario } from './scenarios/scenario-catalog';
import type { Refusal, SwitchPlan } from './scenarios/switch-plan';
import { toSwitchPlan } from './scenarios/switch-plan';
import type { Answer } from './service-answers';
import type { RequestValidator, ServiceOperationId, ServiceRequest } from './service-request';
import { RULE_HEADER, SESSION_HEADER } from './service-request';
import type { JournalRecord } from './journal';
import type { TripSession } from './one-trip';
import { tryOneTrip } from './one-trip';
import type { RequestClock } from './session-clocks';
import { requestClock } from './session-clocks';
import { peekOperation } from './peek-operation';
import type { StaticOperationId } from './routing/route-table';
import { runOperation } from './run-operation';
import { StoreFullError } from './store-errors';

/** An answer and the contract violations found in it (empty when it conforms). */
export type CheckedAnswer = Answer & { violations?: readonly string[] };

/**
 * What an adapter may put around the core's real outcome: `forward` replaces it (a validating
 * proxy asks the upstream instead; forced outcomes are still the core's), `check` judges every
 * answer against the spec (`--validate-responses`). Violations go into the journal entry.
 */
export interface ServiceHooks {
  forward?: (request: ServiceRequest) => Promise<CheckedAnswer>;
  check?: (request: ServiceRequest, answer: Answer) => readonly string[];
}

/**
 * What the adapter does: write an answer (after `delayMs`), break the connection the fault's way
 * (after `delayMs`; `headers` go on the malformed-json reply), or refuse the switches with a 422
 * problem. The core has already journaled the request.
 */
export type ServiceResult =
  | { kind: 'answer'; answer: Answer; delayMs: number }
  | { kind: 'fault'; fault: Fault; delayMs: number; headers: Record<string, string> }
  | ({ kind: 'rejected-preference' } & Refusal);

const valid: RequestValidator = () => ({ kind: 'valid' });
const NO_VIOLATIONS: readonly string[] = Object.freeze([]);

/**
 * Runs one service request through the core: the one implementation behind every adapter (the
 * front, mock/front). Order: the request's own switches (Prefer header, `__` query fallbacks), else
 * the first matching rule of its session, else the real outcome. On a shared store a request without
 * switches first tries the whole way in one round trip (one-trip.ts). A HEAD takes no rule and
 * changes nothing: its real outcome is what the GET would answer (peek-operation.ts).
 * @example await handleServiceRequest(core, { operationId: 'getViewToken', method: 'GET', path: '/view/token', query: { fileId: '1' }, pathParams: {}, headers: { authorization: 'Bearer x' } })
 */
export function handleServiceRequest(
  core: Core,
  request: ServiceRequest,
  validate: RequestValidator = valid,
  hooks: ServiceHooks = {},
): Promise<ServiceResult> {
  // An empty X-Mock-Session names none (the global session, unless a View Token says otherwise).
  const named = request.headers[SESSION_HEADER] || undefined;
  const query = withoutSwitches(request.query);
  // Without `__` switches (nearly every request) the request is already clean.
  const clean: ServiceRequest = query === request.query ? request : { ...request, query };
  const switches = readSwitches(core, request);
  // A call naming no session but carrying a View Token belongs to the token's session (the viewer's loader cannot send one).
  const carried = named === undefined ? carriedViewToken(clean.query) : undefined;
  if (carried === undefined) return decide(core, clean, named ?? '', switches, validate, hooks);
  // A use in one round trip finds the token's session in that same step.
  if (switches.kind === 'none' && clean.operationId === 'getViewerData' && tripsAlone(core, clean, hooks))
    return decide(core, clean, { ofToken: carried }, switches, validate, hooks);
  return core.viewTokens
    .peek(carried)
    .then((record) => decide(core, clean, record?.session ?? '', switches, validate, hooks));
}

/** The request in its session: refused switches journaled, else the switched, ruled or real outcome. */
function decide(
  core: Core,
  clean: ServiceRequest,
  session: TripSession,
  switches: Switches,
  validate: RequestValidator,
  hooks: ServiceHooks,
): Promise<ServiceResult> {
  if (switches.kind === 'rejected') {
    const { kind: _rejected, ...refusal } = switches;
    const named = typeof session === 'string' ? session : '';
    return record(core, requestClock(core.clocks), clean, named, 422, 'rejected switches').then(() => ({
      kind: 'rejected-preference',
      ...refusal,
    }));
  }
  // Not an async function awaiting in a try: this is every service request's path, and a rejection is rare.
  return runSwitchedOrReal(core, clean, session, switches, validate, hooks).catch(async (error: unknown) => {
    // The answer is the adapter's 503; the journal says why, so a tester sees it beside the requests.
    // (Only an issue fills the store, and an issue's session is always known here.)
    if (error instanceof StoreFullError && typeof session === 'string')
      await record(core, requestClock(core.clocks), clean, session, 503, 'store full (--max-view-tokens)');
    throw error;
  });
}

/** Whether this request may go the whole way in one round trip of a shared store (no switch aside). */
function tripsAlone(core: Core, clean: ServiceRequest, hooks: ServiceHooks): boolean {
  return (
    clean.method !== 'HEAD' && core.oneTrip !== undefined && hooks.forward === undefined && hooks.check === undefined
  );
}

/** A request with usable switches, or none: the switched outcome, the session's rule, or the real one; journaled. */
async function runSwitchedOrReal(
  core: Core,
  clean: ServiceRequest,
  tripSession: TripSession,
  switches: Choice | { kind: 'none' },
  validate: RequestValidator,
  hooks: ServiceHooks,
): Promise<ServiceResult> {
  let ruleVersion: string | undefined;
  let nowOf = requestClock(core.clocks);
  let session = typeof tripSession === 'string' ? tripSession : '';
  // HEAD changes nothing: no token issued or used, no rule used up (see peekOperation).
  const head = clean.method === 'HEAD';
  // Without a shared store there is no round trip to save: the step-by-step way at once.
  if (switches.kind === 'none' && tripsAlone(core, clean, hooks)) {
    const attempt = await tryOneTrip(
      core,
      clean,
      tripSession,
      () => validate(clean),
      (status) => toJournalRecord(clean, session, status, null),
    );
    if (attempt.kind === 'answered') {
      // Journaled by the trip itself: the activity of a session with a clock of its own is noted here.
      if (attempt.ownClock === true) await core.clocks.idle.note(attempt.session ?? session);
      return { kind: 'answer', answer: attempt.answer, delayMs: 0 };
    }
    ruleVersion = attempt.ruleVersion;
    // The session the trip found the token in, and the clocks it read: the step-by-step way reads them no more.
    if (attempt.session !== undefined) session = attempt.session;
    else if (typeof tripSession !== 'string')
      session = (await core.viewTokens.peek(tripSession.ofToken))?.session ?? '';
    if (attempt.clocks !== undefined) nowOf = requestClock(core.clocks, attempt.clocks);
  }
  const chosen =
    switches.kind === 'plan' ? switches : head ? NO_RULE : await takeRule(core, clean, session, ruleVersion);
  const { plan, ruleId } = chosen;
  const headers = switchHeaders(plan, ruleId);
  const outcome =
    plan && plan.applied.length > 0 ? `${plan.applied.join(', ')}${ruleId ? ` (rule ${ruleId})` : ''}` : null;
  // An answer forced in place of the real one (not a delay alone) to a call carrying a View Token: its listing says so.
  if (plan && (plan.scenario ?? plan.fault ?? plan.successStatus) !== undefined && !head)
    await markForced(core, clean, plan.applied, ruleId, nowOf, session);
  if (plan?.fault) {
    await record(core, nowOf, clean, session, 0, outcome);
    return { kind: 'fault', fault: plan.fault, delayMs: plan.delayMs, headers };
  }
  const answer: CheckedAnswer = plan?.scenario
    ? answerScenario(plan.scenario, clean)
    : plan?.successStatus === 201
      ? { status: 201, headers: {}, body: undefined }
      : hooks.forward
        ? await hooks.forward(clean)
        : head
          ? await peekOperation(core, clean, session, () => validate(clean), nowOf)
          : await runOperation(core, clean, session, () => validate(clean), nowOf);
  Object.assign(answer.headers, headers);
  // The spec has no HEAD operation to judge a HEAD's answer by.
  const violations =
    head || (answer.violations === undefined && hooks.check === undefined)
      ? NO_VIOLATIONS
      : [...(answer.violations ?? []), ...(hooks.check?.(clean, answer) ?? [])];
  await record(core, nowOf, clean, session, answer.status, outcome, violations);
  return { kind: 'answer', answer, delayMs: plan?.delayMs ?? 0 };
}

/** Records the forced outcome on the View Token the request carries (none carried: nothing to record). */
async function markForced(
  core: Core,
  clean: ServiceRequest,
  applied: readonly string[],
  ruleId: string | undefined,
  nowOf: RequestClock,
  session: string,
): Promise<void> {
  const token = carriedViewToken(clean.query);
  if (token === undefined) return;
  const atMs = await nowOf(session);
  await core.store.markForced(token, { outcome: applied.join(', '), rule: ruleId ?? null, atMs });
}

type Choice = { kind: 'plan'; plan: SwitchPlan | undefined; ruleId?: string };
const NO_RULE: Choice = Object.freeze({ kind: 'plan', plan: undefined });
type Switches = Choice | { kind: 'none' } | ({ kind: 'rejected' } & Refusal);

/** The request's own switches (refused loudly when unusable), or none. */
function readSwitches(core: Core, request: ServiceRequest): Switches {
  const unknownSwitch = findUnknownSwitch(request.query);
  if (unknownSwitch !== undefined) {
    const nearest = findNearestName(unknownSwitch, QUERY_SWITCHES);
    const hint = nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
    return {
      kind: 'rejected',
      detail: `${unknownSwitch} is not a switch${hint}; use ${QUERY_SWITCHES.join(', ')} (operation ${request.operationId})`,
      allowed: { switch: QUERY_SWITCHES },
      ...(nearest === undefined ? {} : { nearest: { switch: nearest } }),
    };
  }
  const preferences = readPreferences(request.headers.prefer, request.query);
  if (Object.keys(preferences).length === 0) return { kind: 'none' };
  const planned = toSwitchPlan(preferences, request.operationId, core.statuses[request.operationId]);
  return planned.kind === 'rejected' ? planned : { kind: 'plan', plan: planned.plan };
}

/** The session's first matching rule, used up once (with the version of its rules a trip read, if it read it). */
async function takeRule(
  core: Core,
  clean: ServiceRequest,
  session: string,
  ruleVersion: string | undefined,
): Promise<Choice> {
  const taken = await core.rules.take(clean, session, core.statuses[clean.operationId], ruleVersion);
  return taken ? { kind: 'plan', plan: taken.plan, ruleId: taken.rule.id } : { kind: 'plan', plan: undefined };
}

function switchHeaders(plan: SwitchPlan | undefined, ruleId: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (plan && plan.applied.length > 0) headers['Preference-Applied'] = plan.applied.join(', ');
  if (ruleId !== undefined) headers[RULE_HEADER] = ruleId;
  return headers;
}

/**
 * Journals a request that matched no service route (or not with its method): operationId `""`,
 * listed by `GET /__admin/requests/unmatched`, with the near-miss hint as its outcome. The path is
 * kept whole (a tester must read which file or route was asked for); only token-shaped values in it
 * are shortened (a View Token or Access Token pasted in the wrong place).
 */
export function recordUnmatched(
  core: Core,
  request: Omit<ServiceRequest, 'operationId' | 'pathParams'>,
  status: number,
  hint: string | undefined,
): Promise<void> {
  return recordOutsideTheCore(
    core,
    request,
    '',
    status,
    hint === undefined ? 'unmatched' : `unmatched: did you mean ${hint}?`,
  );
}

/**
 * Journals a file the viewer loaded from the loader's static host (its operationId, its status), in
 * the session the request names: a tester sees her page's file loads beside its data calls.
 */
export function recordFileLoad(
  core: Core,
  request: Omit<ServiceRequest, 'operationId' | 'pathParams'>,
  operationId: StaticOperationId,
  status: number,
): Promise<void> {
  return recordOutsideTheCore(core, request, operationId, status, null);
}

/** Journals a request no service operation ran: its path with token-shaped parts shortened, no switches. */
function recordOutsideTheCore(
  core: Core,
  request: Omit<ServiceRequest, 'operationId' | 'pathParams'>,
  operationId: StaticOperationId | '',
  status: number,
  outcome: string | null,
): Promise<void> {
  const session = request.headers[SESSION_HEADER] ?? '';
  const path = request.path.replace(TOKEN_SHAPED, shorten);
  const entry = {
    ...request,
    path,
    // The journal keeps any operation's id; only the service's run through the core.
    operationId: operationId as ServiceOperationId,
    pathParams: {},
    query: withoutSwitches(request.query),
  };
  return record(core, requestClock(core.clocks), entry, session, status, outcome);
}

/** What a View Token (32 hex) or a granted Access Token (`cn-<uuid>`) looks like inside a path. */
const TOKEN_SHAPED =
  /cn-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/gi;

/** Journals a request, dated by its session's clock (without waiting a turn when the time is at hand). */
function record(
  core: Core,
  nowOf: RequestClock,
  request: ServiceRequest,
  session: string,
  status: number,
  outcome: string | null,
  violations: readonly string[] = NO_VIOLATIONS,
): Promise<void> {
  const write = (atMs: number): Promise<void> =>
    core.journal.record({ atMs, ...toJournalRecord(request, session, status, outcome, violations) });
  const at = nowOf(session);
  // A request is its session's activity: a clock of its own is not idle (recorded at most once a minute, see idle-clocks.ts).
  const note = (): Promise<void> | undefined =>
    nowOf.owns?.(session) === true ? core.clocks.idle.note(session) : undefined;
  if (typeof at === 'number') {
    const noted = note();
    return noted === undefined ? write(at) : Promise.all([write(at), noted]).then(() => undefined);
  }
  return at.then((atMs) => Promise.all([write(atMs), note()])).then(() => undefined);
}

function toJournalRecord(
  request: ServiceRequest,
  session: string,
  status: number,
  outcome: string | null,
  violations: readonly string[] = NO_VIOLATIONS,
): Omit<JournalRecord, 'atMs'> {
  // No prototype: a parameter named `__proto__` is kept as the client sent it, not swallowed.
  const query = bareRecord<string | string[]>();
  for (const [name, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    const secret = VIEW_TOKEN_PARAMETERS.includes(name);
    query[name] =
      typeof value === 'string'
        ? secret
          ? shorten(value)
          : value
        : value.map((item) => (secret ? shorten(item) : item));
  }
  return {
    method: request.method,
    path: request.path,
    query,
    session,
    operationId: request.operationId,
    hasAuthorization: request.headers.authorization !== undefined,
    status,
    outcome,
    ...(violations.length > 0 ? { violations } : {}),
  };
}

/** A secret's first characters only: enough to tell tokens apart, not to use one. */
export function shorten(secret: string): string {
  return secret.length > 8 ? `${secret.slice(0, 6)}…` : '…';
}
