import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROBLEMS, toProblem } from '../../mock/core/problems';
import type { ProblemKind } from '../../mock/core/problems';

// The admin API's problem documents (RFC 9457): what a user reads for every kind the spec lists.

test('every kind of the catalog has its row below', () => {
  expect(Object.keys(PROBLEMS).length).toBe(PROBLEM_ROWS.length);
});

const PROBLEM_ROWS: [ProblemKind, number, string][] = [
  ['bad-request', 400, 'The request is not what this operation takes'],
  ['unauthorized', 401, 'Admin token missing or wrong'],
  ['forbidden', 403, 'The admin API does not answer this host or origin'],
  ['not-found', 404, 'No such item'],
  ['method-not-allowed', 405, 'Method not allowed'],
  ['request-timeout', 408, 'The request did not arrive in time'],
  ['payload-too-large', 413, 'Request body too large'],
  ['uri-too-long', 414, 'URL too long'],
  ['unsupported-media-type', 415, 'Send JSON'],
  ['headers-too-large', 431, 'Request headers too large'],
  ['preference-rejected', 422, 'A scenario switch cannot be applied'],
  ['too-many-rules', 422, 'The session holds as many rules as it may'],
  ['too-many-sessions', 422, 'As many sessions hold rules as the mock keeps'],
  ['too-many-clocks', 422, 'As many sessions have a clock of their own as the mock keeps'],
  ['server-error', 500, 'Internal server error'],
  ['contract-violation', 502, "The upstream's answer breaks the contract"],
  ['store-full', 503, 'The mock holds as many View Tokens as it may'],
  ['unavailable', 503, "The mock's store is unavailable"],
];

test.each(PROBLEM_ROWS)(
  'a %s problem is a %i titled "%s", with its URN and the detail given',
  (kind, status, title) => {
    expect(toProblem(kind, 'What happened.')).toEqual({
      type: `urn:view-token-mock:problem:${kind}`,
      title,
      status,
      detail: 'What happened.',
    });
  },
);

test("the catalog holds exactly the kinds the spec's ProblemType lists", () => {
  const spec = parse(readFileSync(path.resolve(__dirname, '../../spec/mock.openapi.yaml'), 'utf8')) as {
    components: { schemas: { ProblemType: { enum: string[] } } };
  };
  expect(
    Object.keys(PROBLEMS)
      .map((kind) => `urn:view-token-mock:problem:${kind}`)
      .sort(),
  ).toEqual([...spec.components.schemas.ProblemType.enum].sort());
});

test('extra members join the document beside the standard ones (e.g. what is allowed)', () => {
  expect(toProblem('method-not-allowed', 'Use GET.', { allowed: ['GET'] })).toEqual({
    type: 'urn:view-token-mock:problem:method-not-allowed',
    title: 'Method not allowed',
    status: 405,
    detail: 'Use GET.',
    allowed: ['GET'],
  });
});
