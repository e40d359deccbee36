import type { Answer, Check, ProbeResult, RunFacts } from '../check-types';
import { dataOf, parseBody, viewTokenOf } from '../issued-token';
import { PROBE_INTENTS } from '../probe-planner';
import { MIN_SECRET_CHARS, findCarried } from '../token-secrets';
import { hasQueryId, isRefusal, needsAViewToken, needsAnId, needsTwoObjects } from './helpers';
import { SENTENCE } from './sentences';

/** The checks of what a View Token is: usable, for one object, free of the Access Token, never in a refusal. */
export const VIEW_TOKENS_USABLE: Check = {
  name: 'view_tokens_usable',
  since: 1,
  summary: 'two requests for one object each give a usable token string',
  detail: 'asking twice for one object gives two usable token strings',
  source: SENTENCE.frontEnd,
  intents: ['repeat'],
  skipReason: (options) => (hasQueryId(options) ? undefined : 'no query id given: add --file-id (or another id flag)'),
  expected: '200 with a non-empty string token, again',
  judge: (response) => {
    const data = (parseBody(response.bodyText) as { data?: unknown } | undefined)?.data;
    return response.status === 200 && typeof data === 'string' && data.trim() !== ''
      ? undefined
      : `status ${response.status}, data ${JSON.stringify(data)}`;
  },
};

export const VIEW_TOKEN_OBJECT_SCOPED: Check = {
  name: 'view_token_object_scoped',
  since: 1,
  summary: 'View Tokens issued for different objects differ, an id sent under another id parameter included',
  detail:
    "View Tokens issued for different objects (each id flag given, the child file, and each given id's number under every other query id parameter, e.g. `integrateId=<the --file-id>`) are all different: an implementation that reads the number and not the parameter hands out another object's token",
  source: SENTENCE.oneObject,
  intents: ['success', 'repeat', 'crossed'],
  skipReason: needsTwoObjects,
  enough: (judged) => {
    const objects = new Set(
      judged.filter(({ exchange }) => viewTokenOf(exchange) !== undefined).map(({ probe }) => probe.object),
    );
    return objects.size >= 2
      ? undefined
      : `View Tokens came back for ${objects.size === 0 ? 'no object' : 'one object only'}, and one cannot show scoping (see success_envelope)`;
  },
  expected: 'a View Token no other object was given',
  judge: () => undefined,
  judgeTogether: (results) => {
    const firstObject = new Map<string, string>();
    const broken: { result: ProbeResult; reason: string; cause: string }[] = [];
    for (const result of results) {
      const token = viewTokenOf(result.exchange);
      if (token === undefined || result.probe.object === undefined) continue;
      const earlier = firstObject.get(token);
      if (earlier === undefined) firstObject.set(token, result.probe.object);
      else if (earlier !== result.probe.object)
        broken.push({
          result,
          reason: `the View Token for ${result.probe.object} is the one issued for ${earlier}`,
          cause: 'a View Token issued for another object',
        });
    }
    return broken;
  },
};

export const VIEW_TOKEN_HIDES_ACCESS_TOKEN: Check = {
  name: 'view_token_hides_access_token',
  since: 1,
  summary: 'a View Token does not carry the Access Token, in plain text or inside a decodable segment',
  detail:
    'no View Token issued in the run contains the Access Token, as it is or inside a base64, base64url, hex or percent-encoded segment (nested up to three deep; a signed token naming its object is fine); needs an Access Token of 8 characters or more',
  source: `${SENTENCE.frontEnd} ${SENTENCE.oneObject}`,
  intents: ['success', 'repeat', 'crossed'],
  skipReason: (options) =>
    needsAnId(options) ??
    (options.accessToken.length < MIN_SECRET_CHARS
      ? `the Access Token has fewer than ${MIN_SECRET_CHARS} characters: too short to search View Tokens for`
      : undefined),
  enough: needsAViewToken,
  expected: 'a View Token that gives the front end nothing of the Access Token',
  judge: (response, _probe, _spec, facts) => {
    const token = response.status === 200 ? dataOf(response.bodyText) : undefined;
    const carried = token === undefined ? undefined : findCarried(token, facts.accessToken);
    return carried === undefined ? undefined : `the View Token carries the Access Token ${carried}`;
  },
};

export const REFUSAL_CLAIMS_NO_SUCCESS: Check = {
  name: 'refusal_claims_no_success',
  since: 1,
  summary: 'a refusal (4xx) carries neither a success envelope nor a View Token',
  detail:
    'any 4xx answer of the run may carry any body, but not `code` `"success"`, not a View Token issued in the run (body or headers), and not a `data` string shaped like the View Tokens issued (same length and characters)',
  source: `${SENTENCE.noBodyType}; ${SENTENCE.ok}`,
  intents: PROBE_INTENTS,
  skipReason: needsAnId,
  enough: (judged) =>
    judged.some(({ exchange }) => exchange.kind === 'response' && isRefusal(exchange.status))
      ? undefined
      : 'no request of this run was refused (4xx)',
  expected: 'a refusal that claims no success and hands out no View Token',
  judge: (response, _probe, _spec, facts) => (isRefusal(response.status) ? claimedSuccess(response, facts) : undefined),
};

function claimedSuccess(response: Answer, facts: RunFacts): string | undefined {
  const body = parseBody(response.bodyText);
  if (typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'success')
    return 'a refusal says code "success"';
  const texts = [response.bodyText, ...Object.values(response.headers)];
  if (
    facts.issuedTokens.some((token) => token.length >= MIN_SECRET_CHARS && texts.some((text) => text.includes(token)))
  )
    return 'a refusal carries a View Token issued in this run';
  const data = dataOf(response.bodyText);
  if (data !== undefined && facts.issuedTokens.some((token) => sameShape(data, token)))
    return 'a refusal carries a View Token in data (shaped like the ones issued)';
  return undefined;
}

/** The same length, and no kind of character the token lacks (lower, upper, digit, each other character). */
function sameShape(text: string, token: string): boolean {
  if (text.length !== token.length || text.length < MIN_SECRET_CHARS) return false;
  const kinds = new Set([...token].map(kindOf));
  return [...text].every((char) => kinds.has(kindOf(char)));
}

function kindOf(char: string): string {
  if (/[a-z]/.test(char)) return 'a';
  if (/[A-Z]/.test(char)) return 'A';
  return /[0-9]/.test(char) ? '0' : char;
}
