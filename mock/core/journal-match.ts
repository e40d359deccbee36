import { shorten } from './handle-service-request';
import type { JournalMatch } from './journal';
import { echo } from './echo';

export type JournalMatchCheck = { kind: 'ok'; match: JournalMatch } | { kind: 'invalid'; detail: string };

/** Our fields, and the WireMock request-pattern fields we map onto them. */
const MATCH_FIELDS = ['method', 'path', 'query', 'session', 'operationId', 'status'] as const;
const WIREMOCK_FIELDS = ['urlPath', 'queryParameters'] as const;

const EXAMPLE =
  'Send a JSON object such as {"method": "GET", "path": "/view/token", "query": {"fileId": "1"}} ' +
  '(or WireMock\'s {"method": "GET", "urlPath": "/view/token", "queryParameters": {"fileId": {"equalTo": "1"}}}).';

/**
 * Checks a `POST /__admin/requests/count` body: our fields or WireMock's request pattern
 * (`urlPath`, `queryParameters: {name: {equalTo}}`); an unknown field is refused, never ignored.
 * A full View Token in `query.viewToken` is compared by the shortened form the journal keeps.
 * @example
 * toJournalMatch({ urlPath: '/view/token', queryParameters: { fileId: { equalTo: '1' } } })
 * // { kind: 'ok', match: { path: '/view/token', query: { fileId: '1' } } }
 */
export function toJournalMatch(body: unknown): JournalMatchCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid(EXAMPLE);
  const fields = body as Record<string, unknown>;
  const known: readonly string[] = [...MATCH_FIELDS, ...WIREMOCK_FIELDS];
  const unknown = Object.keys(fields).find((name) => !known.includes(name));
  if (unknown !== undefined) return invalid(`"${echo(unknown)}" is not a field to count by; use ${known.join(', ')}.`);
  const { method, path, urlPath, query, queryParameters, session, operationId, status } = fields;
  for (const [name, value] of Object.entries({ method, path, urlPath, session, operationId })) {
    if (value !== undefined && typeof value !== 'string') return invalid(`"${name}" must be a string.`);
  }
  if (status !== undefined && !Number.isInteger(status)) return invalid('"status" must be an integer.');
  if (path !== undefined && urlPath !== undefined) return invalid('Give "path" or WireMock\'s "urlPath", not both.');
  if (query !== undefined && queryParameters !== undefined)
    return invalid('Give "query" or WireMock\'s "queryParameters", not both.');
  const values =
    query !== undefined ? toQuery(query) : queryParameters !== undefined ? fromQueryParameters(queryParameters) : {};
  if (typeof values === 'string') return invalid(values);
  const match: JournalMatch = {
    ...(method === undefined ? {} : { method: method as string }),
    ...((path ?? urlPath) === undefined ? {} : { path: (path ?? urlPath) as string }),
    ...(query === undefined && queryParameters === undefined ? {} : { query: values }),
    ...(session === undefined ? {} : { session: session as string }),
    ...(operationId === undefined ? {} : { operationId: operationId as string }),
    ...(status === undefined ? {} : { status: status as number }),
  };
  return { kind: 'ok', match };
}

function toQuery(query: unknown): Record<string, string> | string {
  if (
    typeof query !== 'object' ||
    query === null ||
    Array.isArray(query) ||
    Object.values(query).some((value) => typeof value !== 'string')
  ) {
    return '"query" must be an object of string values.';
  }
  return withShortViewToken(query as Record<string, string>);
}

function fromQueryParameters(parameters: unknown): Record<string, string> | string {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
    return '"queryParameters" must be an object such as {"fileId": {"equalTo": "1"}}.';
  const query: Record<string, string> = {};
  for (const [name, matcher] of Object.entries(parameters)) {
    // Stryker disable next-line ArrayDeclaration: a matcher that
    // is not an object has no equalTo and is refused either way
    const keys = typeof matcher === 'object' && matcher !== null ? Object.keys(matcher) : [];
    const equalTo = (matcher as { equalTo?: unknown } | null)?.equalTo;
    if (keys.length !== 1 || typeof equalTo !== 'string')
      return `"queryParameters.${echo(name)}" must be {"equalTo": "<value>"} (the one WireMock matcher the mock supports).`;
    query[name] = equalTo;
  }
  return withShortViewToken(query);
}

/** The journal keeps View Tokens shortened: a full one given here is compared the same way. */
function withShortViewToken(query: Record<string, string>): Record<string, string> {
  const viewToken = query.viewToken;
  if (viewToken === undefined || viewToken.endsWith('…')) return query;
  return { ...query, viewToken: shorten(viewToken) };
}

function invalid(detail: string): JournalMatchCheck {
  return { kind: 'invalid', detail };
}
