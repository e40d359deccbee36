import type { Core } from './create-core';
import type { ServiceRequest, Validation } from './service-request';
import type { Answer } from './service-answers';
import { fromServiceFailure } from './service-answers';
import { planIssue, planUse, success, toIssuedAnswer, toUsedAnswer } from './operation-plan';

/** The real outcome of a service request (no scenario forced), one store call after another. */
export async function runOperation(core: Core, request: ServiceRequest, session: string, validate: () => Validation): Promise<Answer> {
  if (request.operationId === 'issueAccessToken') {
    const outcome = await core.service.issueAccessToken(request.headers.authorization);
    if (outcome.kind !== 'granted') return fromServiceFailure(outcome);
    return success({ token: outcome.token, expireTime: core.platformTime(outcome.expiresAtMs) });
  }
  const plan = request.operationId === 'getViewerData' ? planUse(request, validate)
    : planIssue(core, request, session, validate, await core.accessTokens.authenticate(request.headers.authorization));
  switch (plan.kind) {
    case 'answer': return plan.answer;
    case 'issue': return toIssuedAnswer(core, await core.viewTokens.issue(plan.fields));
    case 'use': return toUsedAnswer(await core.viewTokens.use(plan.token));
  }
}
