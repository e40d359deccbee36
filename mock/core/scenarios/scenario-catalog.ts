import type { GrantRefusal } from '../access-tokens';
import { decodeBasic } from '../access-tokens';
import type { ServiceOperationId, ServiceRequest } from '../service-request';
import { ID_PARAMETERS, OBJECT_TYPE_OF } from '../object-types';
import { isViewTokenOperation } from '../routing/route-table';
import type { Answer } from '../service-answers';
import { fromServiceFailure, toErrorAnswer } from '../service-answers';

/** The named outcomes QA can force. */
export const SCENARIOS = [
  'access-token-missing',
  'access-token-invalid',
  'access-token-expired',
  'forbidden',
  'not-found',
  'invalid-parameter',
  'server-error',
  'unavailable',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** The status each scenario answers with. */
export const SCENARIO_STATUS = {
  'access-token-missing': 401,
  'access-token-invalid': 401,
  'access-token-expired': 401,
  forbidden: 403,
  'not-found': 404,
  'invalid-parameter': 400,
  'server-error': 500,
  unavailable: 503,
} as const satisfies Record<ScenarioName, number>;

/** Which scenario `Prefer: code=N` stands for. */
export const SCENARIO_OF_CODE: Readonly<Record<number, ScenarioName>> = {
  400: 'invalid-parameter',
  401: 'access-token-invalid',
  403: 'forbidden',
  404: 'not-found',
  500: 'server-error',
  503: 'unavailable',
};

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(name);
}

/**
 * The answer of a forced scenario: exactly what the mock answers when the condition really
 * happens (same envelope, code, message and headers).
 */
export function answerScenario(name: ScenarioName, request: ServiceRequest): Answer {
  // The viewer's and the model's calls carry a View Token: their 401s are about it.
  const viewer = isViewTokenOperation(request.operationId);
  if (request.operationId === 'issueAccessToken' && SCENARIO_STATUS[name] === 401)
    return fromServiceFailure({
      kind: 'unauthenticated',
      reason: 'bad-basic-credentials',
      refusal: forcedRefusal(name, request),
    });
  switch (name) {
    case 'access-token-missing':
      return fromServiceFailure({ kind: 'unauthenticated', reason: viewer ? 'unknown-view-token' : 'missing' });
    case 'access-token-invalid':
      return fromServiceFailure({ kind: 'unauthenticated', reason: viewer ? 'unknown-view-token' : 'unknown' });
    case 'access-token-expired':
      return fromServiceFailure({ kind: 'unauthenticated', reason: viewer ? 'expired-view-token' : 'expired' });
    case 'forbidden':
      return fromServiceFailure({ kind: 'forbidden', type: targetType(request.operationId, request) });
    case 'not-found':
      return fromServiceFailure({ kind: 'not-found', type: targetType(request.operationId, request) });
    case 'invalid-parameter':
      return fromServiceFailure({
        kind: 'invalid-parameter',
        parameter: firstParameter(request),
        reason: 'is invalid (forced by a scenario)',
      });
    case 'server-error':
      return toErrorAnswer('system.error');
    case 'unavailable': {
      const answer = toErrorAnswer('system.error', 'Service temporarily unavailable.', 503);
      answer.headers['Retry-After'] = '1';
      return answer;
    }
  }
}

function targetType(operationId: ServiceOperationId, request: ServiceRequest) {
  if (operationId !== 'getViewToken') return 'file' as const;
  const given = ID_PARAMETERS.find((name) => request.query[name] !== undefined);
  return given ? OBJECT_TYPE_OF[given] : 'file';
}

function firstParameter(request: ServiceRequest): string {
  if (request.operationId === 'getViewerData') return 'viewToken';
  // A model route names its object in the path (fileId, databagId).
  if (isViewTokenOperation(request.operationId)) return Object.keys(request.pathParams)[0] ?? 'view_token';
  if (request.operationId !== 'getViewToken') return 'fileId';
  return ID_PARAMETERS.find((name) => request.query[name] !== undefined) ?? 'fileId';
}

/** The token endpoint's forced 401 says what a real refusal of the same credentials would say. */
function forcedRefusal(name: ScenarioName, request: ServiceRequest): GrantRefusal {
  if (name === 'access-token-missing') return { reason: 'no-basic' };
  const credentials = decodeBasic(request.headers.authorization);
  return credentials.kind === 'credentials'
    ? { reason: 'wrong-secret', appKey: credentials.appKey }
    : credentials.reason === 'no-basic'
      ? { reason: 'no-basic' }
      : { reason: 'malformed-basic' };
}
