import type { Answer } from '../core/service-answers';
import type { ServiceRequest } from '../core/service-request';
import { loadOperations } from '../spec-engine/load-operations';
import { judgeResponse, loadPrismValidator } from './prism-validator';

/**
 * `--validate-responses`: every answer the mock gives on a service route (real or forced) is
 * judged by prism-http against the spec that documents it (spec/mock.openapi.yaml), to catch
 * drift between the mock and its spec while developing the mock. Violations go into the journal.
 * @example const check = await createAnswerCheck(MOCK_SPEC_PATH); check(request, answer) // → []
 */
export async function createAnswerCheck(
  specPath: string,
): Promise<(request: ServiceRequest, answer: Answer) => string[]> {
  const validator = loadPrismValidator('--validate-responses');
  const operations = new Map((await loadOperations(specPath)).map((operation) => [operation.iid, operation]));
  return (request, answer) => {
    const operation = operations.get(request.operationId);
    if (!operation) return [`response: ${request.operationId} is not an operation of ${specPath}`];
    const headers: Record<string, string> = { ...answer.headers };
    // What sendAnswer adds on the wire.
    if (answer.body !== undefined && !(answer.body instanceof Uint8Array))
      headers['Content-Type'] = 'application/json; charset=utf-8';
    // Bytes (the model's geometry) are what a `format: binary` string schema describes: judged as that string.
    const body = answer.body instanceof Uint8Array ? Buffer.from(answer.body).toString('latin1') : answer.body;
    return judgeResponse(validator, operation, { statusCode: answer.status, headers, body });
  };
}
