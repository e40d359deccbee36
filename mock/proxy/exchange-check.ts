import type { ServiceRequest } from '../core/service-request';
import { ROUTE_TABLE } from '../core/routing/route-table';
import { validateParameters } from '../core/routing/validate-request';
import { loadOperations } from '../spec-engine/load-operations';
import { judgeResponse, loadPrismValidator } from './prism-validator';

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
 * Judges proxied exchanges against the service contract: the request's parameters with the validators compiled
 * from the spec (int64 ids exactly, as the mock checks them), and with prism-http the response's status, headers,
 * content type and body. Routes the contract does not have (the mock's own additions) are forwarded unjudged.
 * @example const check = await createExchangeCheck('spec/view-token.openapi.yaml');
 */
export async function createExchangeCheck(
  specPath: string,
): Promise<(request: ServiceRequest, answer: UpstreamAnswer) => ExchangeVerdict> {
  const validator = loadPrismValidator('--proxy');
  // The request's operation is the one the matcher chose; the contract's own operations are judged.
  const operations = new Map((await loadOperations(specPath)).map((operation) => [operation.iid, operation]));
  const routes = new Map(ROUTE_TABLE.map((route) => [route.operationId, route]));
  return (request, answer) => {
    const json = parseJson(answer);
    const operation = operations.get(request.operationId);
    const route = routes.get(request.operationId);
    if (!operation || !route)
      return { violations: [], judged: false, json: json.kind === 'json' ? json.value : undefined };
    const violations: string[] = [];
    const input = validateParameters(route, request);
    if (input.kind === 'invalid') violations.push(`request ${input.parameter}: ${input.reason}`);
    if (json.kind === 'malformed')
      violations.push(`response body: declared ${answer.headers['content-type'] ?? ''} but is not valid JSON`);
    const body =
      json.kind === 'json' ? json.value : answer.body.length === 0 ? undefined : answer.body.toString('utf8');
    violations.push(
      ...judgeResponse(validator, operation, { statusCode: answer.status, headers: answer.headers, body }),
    );
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
