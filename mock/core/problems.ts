import type { components } from '../../spec/generated/mock';

export type Problem = components['schemas']['Problem'];
type ProblemType = components['schemas']['ProblemType'];
/** The kinds of problem the spec lists (`urn:view-token-mock:problem:<kind>`). */
export type ProblemKind = ProblemType extends `urn:view-token-mock:problem:${infer Kind}` ? Kind : never;

/** The admin API's problem catalog (RFC 9457): status and title of every kind the spec lists, no more, no fewer. */
export const PROBLEMS = {
  'bad-request': { status: 400, title: 'The request is not what this operation takes' },
  unauthorized: { status: 401, title: 'Admin token missing or wrong' },
  forbidden: { status: 403, title: 'The admin API does not answer this host or origin' },
  'not-found': { status: 404, title: 'No such item' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'The request did not arrive in time' },
  'payload-too-large': { status: 413, title: 'Request body too large' },
  'uri-too-long': { status: 414, title: 'URL too long' },
  'unsupported-media-type': { status: 415, title: 'Send JSON' },
  'headers-too-large': { status: 431, title: 'Request headers too large' },
  'preference-rejected': { status: 422, title: 'A scenario switch cannot be applied' },
  'too-many-rules': { status: 422, title: 'The session holds as many rules as it may' },
  'too-many-sessions': { status: 422, title: 'As many sessions hold rules as the mock keeps' },
  'too-many-clocks': { status: 422, title: 'As many sessions have a clock of their own as the mock keeps' },
  'server-error': { status: 500, title: 'Internal server error' },
  'contract-violation': { status: 502, title: "The upstream's answer breaks the contract" },
  'store-full': { status: 503, title: 'The mock holds as many View Tokens as it may' },
  unavailable: { status: 503, title: "The mock's store is unavailable" },
} as const satisfies Record<ProblemKind, { status: number; title: string }>;

/**
 * The problem document of one kind (RFC 9457).
 * @example
 * toProblem('not-found', 'No View Token "x".')
 * // { type: 'urn:view-token-mock:problem:not-found', title: 'No such item', status: 404,
 * //   detail: 'No View Token "x".' }
 */
export function toProblem(
  kind: ProblemKind,
  detail: string,
  extra: Record<string, unknown> = {},
): Problem & Record<string, unknown> {
  const { status, title } = PROBLEMS[kind];
  return { type: `urn:view-token-mock:problem:${kind}`, title, status, detail, ...extra };
}
