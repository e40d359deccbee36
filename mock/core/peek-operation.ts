import type { Core } from './create-core';
import type { OperationPlan } from './operation-plan';
import { planIssue, planUse, toUsedAnswer } from './operation-plan';
import type { Answer } from './service-answers';
import type { ServiceRequest, Validation } from './service-request';
import type { RequestClock } from './session-clocks';
import { lookingOnly } from './view-tokens';
import { authenticateByViewToken, isViewTokenIssue } from './view-token-credential';

/** A HEAD's 200 on an issue route: the GET's content type, and no token (none is issued). */
const ISSUABLE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json; charset=utf-8' });

/**
 * HEAD on a service route (RFC 9110: the GET's status and headers, without content): found without
 * issuing or using a token. An issue's Access Token, parameters and object are judged as the GET
 * judges them: 200 (no token, so no expiry header), or the GET's refusal. A use looks the View Token up
 * on its session's clock without sliding it: 200 with the expiry it has now, or the GET's 401.
 */
export async function peekOperation(
  core: Core,
  request: ServiceRequest,
  session: string,
  validate: () => Validation,
  nowOf: RequestClock,
): Promise<Answer> {
  if (request.operationId === 'getViewerData') {
    const plan = planUse(request, validate);
    if (plan.kind !== 'use') return fixed(plan);
    return toUsedAnswer(await lookingOnly(core.viewTokens).use(plan.token, nowOf));
  }
  const now = await nowOf(session);
  const auth = isViewTokenIssue(request)
    ? await authenticateByViewToken(core, request, nowOf, 'peek')
    : await core.accessTokens.authenticate(request.headers.authorization, now);
  // The View Token would be refused (401, 403): that is the GET's answer.
  if ('status' in auth) return auth;
  const plan = planIssue(core, request, session, validate, auth);
  return plan.kind === 'issue' ? { status: 200, headers: { ...ISSUABLE }, body: undefined } : fixed(plan);
}

function fixed(plan: OperationPlan): Answer {
  if (plan.kind !== 'answer') throw new Error(`a ${plan.kind} plan has no fixed answer`);
  return plan.answer;
}
