/**
 * The one deviation a fake implementation has (test/support/fake-implementation.ts). Each breaking
 * one is shown failing exactly the checks its defect concerns; each allowed one must pass.
 */
export type Deviation =
  | 'none'
  // credentials
  | 'accepts-any-token'
  | 'accepts-basic'
  | 'accepts-no-auth'
  | 'accepts-token-under-any-scheme'
  | 'accepts-bare-token'
  | 'accepts-empty-bearer'
  // credentials compared sloppily, or looked for elsewhere (issue 28)
  | 'compares-token-prefix'
  | 'compares-token-suffix'
  | 'accepts-token-with-suffix'
  | 'accepts-token-inside-longer-one'
  | 'compares-first-8-characters'
  | 'token-comparison-ignores-case'
  | 'trims-token'
  | 'splits-authorization-on-spaces'
  | 'takes-last-word-as-token'
  | 'reads-last-authorization-header'
  | 'accepts-token-in-query'
  | 'accepts-token-in-cookie'
  | 'accepts-token-in-other-header'
  | 'accepts-token-in-body'
  | 'accepts-view-token-as-access-token'
  | 'refuses-auth-with-403'
  | 'refuses-missing-auth-with-400'
  | 'serves-trailing-slash-unguarded'
  | 'case-insensitive-routes-unguarded'
  | 'normalizes-paths-unguarded'
  | 'strips-suffixes-unguarded'
  | 'get-on-child-route-unguarded'
  // ids
  | 'accepts-underflow'
  | 'refuses-zero-and-negative-ids'
  | 'crashes-on-max-id'
  | 'refuses-min-path-id'
  | 'accepts-malformed-id'
  | 'crashes-on-overflow'
  | 'parses-ids-with-parseInt'
  | 'parses-ids-with-Number'
  | 'parses-ids-with-BigInt'
  | 'regex-lets-final-newline-through'
  | 'reads-unicode-digits'
  | 'ignores-id-parameter-name'
  // answers
  | 'wrong-success-code'
  | 'non-empty-message'
  | 'data-not-string'
  | 'body-not-json'
  | 'no-content-type'
  | 'bad-content-type'
  | 'second-token-empty'
  | 'missing-answers-200'
  | 'missing-integration-answers-400'
  | 'forbidden-answers-404'
  | 'missing-answers-410'
  | 'same-token-for-every-object'
  | 'same-token-for-file-and-scene'
  // what View Tokens and refusals carry (issue 28)
  | 'view-token-embeds-access-token'
  | 'view-token-base64-embeds-access-token'
  | 'view-token-hex-encodes-access-token'
  | 'refusals-say-success'
  | 'forbidden-carries-a-token'
  | 'refusal-echoes-issued-token'
  // other methods, JSON, caches, cookies, token shapes, the POST body (issue 40, checks version 2)
  | 'serves-any-method'
  | 'head-skips-auth'
  | 'other-methods-unguarded'
  | 'duplicate-data-member'
  | 'token-answers-cache-public'
  | 'sets-access-token-cookie'
  | 'sequential-tokens'
  | 'unsigned-jwt-tokens'
  | 'jwt-expires-in-an-hour'
  | 'cdn-cache-control-public'
  | 'jwt-exp-as-string'
  | 'post-body-overrides-path-ids'
  // readings the interface document allows: these must pass
  | 'post-answers-201'
  | 'post-201-with-envelope'
  | 'child-file-token-is-its-file-token'
  | 'html-401'
  | 'empty-401'
  | 'errors-of-any-media-type'
  | 'extra-envelope-fields'
  | 'text-plain-success'
  | 'opaque-tokens'
  | 'signed-tokens-naming-the-object'
  | 'base64-tokens'
  | 'stable-token-per-object'
  | 'problem-json-errors'
  | 'extra-headers'
  | 'pretty-json'
  | 'guarded-aliases'
  | 'redirects-trailing-slash'
  // readings the interface document and its RFCs allow (issue 40): these must pass too
  | 'answers-405-with-allow'
  | 'head-like-get'
  | 'options-preflight'
  | 'unicode-escaped-json'
  | 'private-cache-with-vary'
  | 'load-balancer-cookies'
  | 'numeric-tokens'
  | 'signed-jwt-without-exp'
  | 'signed-jwt-expiring-in-12-hours'
  | 'reads-json-body-ignores-ids'
  | 'cdn-cache-control-private'
  | 'cdn-cache-control-no-store';

export const FAKE_IDS = {
  valid: '11',
  integrateId: '22',
  childFileId: '33',
  missing: '404404',
  forbidden: '403403',
} as const;
export const FAKE_TOKEN = 'good-token';

/** One request as the fake reads it: the raw path (never normalised), every Authorization value in order, the body. */
export interface FakeRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  authorizations: string[];
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
