import type { Answer, Check } from '../check-types';
import { dataOf, parseBody } from '../issued-token';
import { needsAnId } from './helpers';
import { RFC, SENTENCE } from './sentences';

const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** A body that issues something: a `data` string, or `code` "success". */
function carriesToken(response: Answer): boolean {
  const body = parseBody(response.bodyText) as { code?: unknown } | undefined;
  return dataOf(response.bodyText) !== undefined || (typeof body === 'object' && body?.code === 'success');
}

/** The check of methods the interface does not give an operation (checks version 2). */
export const OTHER_METHODS_ISSUE_NOTHING: Check = {
  name: 'other_methods_issue_nothing',
  since: 2,
  summary:
    'other methods than the documented one issue no View Token, and without credentials none but OPTIONS succeeds',
  detail:
    "each operation's route asked with the methods the interface does not give it (GET route: POST, PUT, PATCH, DELETE, HEAD, OPTIONS; POST route: PUT, PATCH, DELETE, HEAD, OPTIONS) issues no View Token with the Access Token, and without credentials is never answered 2xx, but for OPTIONS (a CORS preflight) carrying no token; 404, 405 (with or without `Allow`), 401 and HEAD answered like the GET with the Access Token are all fine",
  source: `${SENTENCE.methods}; ${SENTENCE.bearer} (${RFC.otherMethods})`,
  intents: ['other-method', 'other-method-anonymous'],
  skipReason: needsAnId,
  contrasted: true,
  expected: 'no View Token for another method; without credentials, no success but an OPTIONS without a token',
  judge: (response, probe) => {
    const method = probe.request.method;
    if (!isSuccess(response.status)) return undefined;
    if (carriesToken(response))
      return `status ${response.status} with a View Token: ${method} is not a method of this operation`;
    if (probe.intent === 'other-method' || method === 'OPTIONS') return undefined;
    return method === 'HEAD'
      ? `status ${response.status} without credentials: HEAD asks for what the route answers without its content, and was not guarded like it`
      : `status ${response.status} without credentials: ${method} succeeded unguarded`;
  },
};
