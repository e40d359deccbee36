import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './service-request';
import type { Answer } from './service-answers';
import { fromServiceFailure } from './service-answers';
import type { RequestClock } from './session-clocks';
import { planIssue, planUse, success, toIssuedAnswer, toUsedAnswer } from './operation-plan';

/**
 * The real outcome of a service request (no scenario forced), one store call after another. An issue
 * and an Access Token are dated and judged by the request's session's clock, a use by the clock of the
 * session the token was issued in.
 */
export async function runOperation(
  core: Core,
  request: ServiceRequest,
  session: string,
  validate: () => Validation,
  nowOf: RequestClock,
): Promise<Answer> {
  if (request.operationId === 'issueAccessToken') {
    const grant = await core.accessTokens.grant(request.headers.authorization, await nowOf(session));
    if (grant.kind === 'rejected') {
      const { kind: _rejected, ...refusal } = grant;
      return fromServiceFailure({ kind: 'unauthenticated', reason: 'bad-basic-credentials', refusal });
    }
    return success({ token: grant.token, expireTime: core.platformTime(grant.expiresAtMs) });
  }
  if (request.operationId === 'getViewerData') {
    const plan = planUse(request, validate);
    return plan.kind === 'use' ? toUsedAnswer(await core.viewTokens.use(plan.token, nowOf)) : answerOf(plan);
  }
  const now = await nowOf(session);
  const plan = planIssue(
    core,
    request,
    session,
    validate,
    await core.accessTokens.authenticate(request.headers.authorization, now),
  );
  return plan.kind === 'issue' ? toIssuedAnswer(core, await core.viewTokens.issue(plan.fields, now)) : answerOf(plan);
}

function answerOf(plan: ReturnType<typeof planUse>): Answer {
  if (plan.kind !== 'answer') throw new Error(`a ${plan.kind} plan has no fixed answer`);
  return plan.answer;
}
