import type { ServiceRequest } from '../core/service-request';
import { loadOperations, toOperationSummary } from '../spec-engine/load-operations';
import type * as ValidateRequestModule from '../spec-engine/validate-request';
import { createOperationFinder, judgeResponse, loadPrismValidator } from './prism-validator';

/** An upstream's answer, as the proxy received it. */
export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The verdict on one exchange: the violations, and the answer's body when it was JSON (for the recorder). */
export interface ExchangeVerdict {
  violations: string[];
  /** Whether the spec has the operation at all (only its operations are judged). */
  judged: boolean;
  json: unknown;
}

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/**
 * Judges proxied exchanges with prism-http against the service contract: the request's parameters
 * (int64 ids exactly, as the mock checks them) and the response's status, headers, content type
 * and body. Routes the contract does not have (the mock's own additions) are forwarded unjudged.
 * @example const check = await createExchangeCheck('spec/view-token.openapi.yaml');
 */
export async function createExchangeCheck(specPath: string): Promise<(request: ServiceRequest, answer: UpstreamAnswer) => ExchangeVerdict> {
  const validator = loadPrismValidator('--proxy');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { validateRequest } = require('../spec-engine/validate-request') as typeof ValidateRequestModule;
  const find = createOperationFinder(await loadOperations(specPath));
  return (request, answer) => {
    const json = parseJson(answer);
    const operation = find(request.method, request.path);
    if (!operation) return { violations: [], judged: false, json: json.kind === 'json' ? json.value : undefined };
    const violations: string[] = [];
    const input = validateRequest(operation, toOperationSummary(operation), { path: request.path, query: request.query, pathParams: request.pathParams, headers: request.headers });
    if (input.kind === 'invalid') violations.push(`request ${input.parameter}: ${input.reason}`);
    if (json.kind === 'malformed') violations.push(`response body: declared ${answer.headers['content-type'] ?? ''} but is not valid JSON`);
    const body = json.kind === 'json' ? json.value : answer.body.length === 0 ? undefined : answer.body.toString('utf8');
    violations.push(...judgeResponse(validator, operation, { statusCode: answer.status, headers: answer.headers, body }));
    return { violations, judged: true, json: json.kind === 'json' ? json.value : undefined };
  };
}

type JsonBody = { kind: 'json'; value: unknown } | { kind: 'malformed' } | { kind: 'other' };

/**
 * The body as JSON: a JSON content type must parse; another one (the contract's `*\/*` allows any)
 * is read as JSON when it parses, as text otherwise.
 */
function parseJson(answer: UpstreamAnswer): JsonBody {
  if (answer.body.length === 0) return { kind: 'other' };
  try {
    return { kind: 'json', value: JSON.parse(answer.body.toString('utf8')) as unknown };
  } catch {
    return JSON_TYPE.test(answer.headers['content-type'] ?? '') ? { kind: 'malformed' } : { kind: 'other' };
  }
}
