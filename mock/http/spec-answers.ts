import type { Operation } from '../front/operation';
import { toReply } from '../front/reply';
import type { SpecEngine } from '../spec-engine/spec-engine';

/**
 * Answers an operation that has no handler from the spec (prism's mocker, loaded on first need):
 * what the server does for an operation added to the spec before its handler.
 * @example createFront({ ..., unhandled: createSpecAnswers(() => loadSpecEngine(MOCK_SPEC_PATH)) })
 */
export function createSpecAnswers(engine: () => Promise<SpecEngine>): Operation {
  return async (request, match) => {
    const answer = await (
      await engine()
    ).respondFromSpec(match.operationId, {
      method: match.route.method,
      path: match.path,
      query: request.query,
      pathParams: match.params,
      headers: request.headers,
      body: request.body,
    });
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return toReply({ status: answer.status, headers: answer.headers, body });
  };
}
