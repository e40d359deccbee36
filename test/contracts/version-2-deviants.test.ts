// Issue 40 point 7: each probe of checks version 2 is shown failing against an implementation with
// exactly one defect the document's sentences and the RFCs it invokes make wrong, and only the
// checks that defect concerns; beside each, a reading they allow passes every check. In-process, on
// real HTTP (nock would not send HEAD or a close-delimited body as a server does).
import http from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toContractOptions } from '../../contracts/library-options';
import type { RunReport } from '../../contracts/runner';
import { runContracts } from '../../contracts/runner';
import type { Deviation } from '../support/fake-implementation';
import { FAKE_IDS, FAKE_TOKEN, createFake } from '../support/fake-implementation';

const IDS = {
  fileId: FAKE_IDS.valid,
  integrateId: FAKE_IDS.integrateId,
  childFileId: FAKE_IDS.childFileId,
  missingId: FAKE_IDS.missing,
  forbiddenFileId: FAKE_IDS.forbidden,
};

function run(target: RequestListener): Promise<RunReport> {
  return runContracts(toContractOptions({ accessToken: FAKE_TOKEN, ids: IDS, target }));
}

const HEAD_UNGUARDED =
  'status 200 without credentials: HEAD asks for what the route answers without its content, and was not guarded like it';
const WITH_TOKEN = (method: string): string =>
  `status 200 with a View Token: ${method} is not a method of this operation`;

const CHILD = '/data/v2/integrations/{integrateId}/files/{fileId}/viewToken';

/** A router that serves every method and guards only the documented one: each other method's probe fails, in planned order. */
function everyOtherMethod(): [string, string][] {
  const probes = (path: string, methods: string[]): [string, string][] =>
    methods.flatMap((method): [string, string][] =>
      method === 'HEAD'
        ? [[`HEAD ${path} with no credentials`, HEAD_UNGUARDED]]
        : [
            [`${method} ${path} with the Access Token`, WITH_TOKEN(method)],
            [`${method} ${path} with no credentials`, WITH_TOKEN(method)],
          ],
    );
  return [
    ...probes('/view/token', ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']),
    ...probes(CHILD, ['PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']),
  ];
}

// deviation, every check that fails, its violations as [probe, reason], in the order judged
test.each<[Deviation, string[], [string, string][]]>([
  [
    'serves-any-method',
    ['other_methods_issue_nothing'],
    [
      ['POST /view/token with the Access Token', WITH_TOKEN('POST')],
      ['PUT /view/token with the Access Token', WITH_TOKEN('PUT')],
      ['PATCH /view/token with the Access Token', WITH_TOKEN('PATCH')],
      ['DELETE /view/token with the Access Token', WITH_TOKEN('DELETE')],
      ['OPTIONS /view/token with the Access Token', WITH_TOKEN('OPTIONS')],
      ['PUT /data/v2/integrations/{integrateId}/files/{fileId}/viewToken with the Access Token', WITH_TOKEN('PUT')],
      ['PATCH /data/v2/integrations/{integrateId}/files/{fileId}/viewToken with the Access Token', WITH_TOKEN('PATCH')],
      [
        'DELETE /data/v2/integrations/{integrateId}/files/{fileId}/viewToken with the Access Token',
        WITH_TOKEN('DELETE'),
      ],
      [
        'OPTIONS /data/v2/integrations/{integrateId}/files/{fileId}/viewToken with the Access Token',
        WITH_TOKEN('OPTIONS'),
      ],
    ],
  ],
  ['head-skips-auth', ['other_methods_issue_nothing'], [['HEAD /view/token with no credentials', HEAD_UNGUARDED]]],
  ['other-methods-unguarded', ['other_methods_issue_nothing'], everyOtherMethod()],
  [
    'post-body-overrides-path-ids',
    ['path_ids_decide'],
    [
      [
        'POST with the --missing-id 404404 as integrateId and fileId in its body',
        "status 404: the body's ids decided the answer, not the path's (which names a file of the caller's)",
      ],
      [
        'POST with the --forbidden-file-id 403403 as fileId in its body',
        "status 403: the body's ids decided the answer, not the path's (which names a file of the caller's)",
      ],
    ],
  ],
])('an implementation that %s fails %j and nothing else', async (deviation, failing, violations) => {
  const report = await run(createFake(deviation).listener());
  expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual(failing);
  const check = report.results.find((result) => result.name === failing[0]);
  expect(check?.violations.map((violation) => [violation.result.probe.id, violation.reason])).toEqual(violations);
});

// deviation, the one check that fails, the reason every one of its violations gives
test.each<[Deviation, string, string | RegExp]>([
  ['duplicate-data-member', 'unique_json_members', 'the body repeats the member "data"'],
  [
    'token-answers-cache-public',
    'token_answer_not_shared_cacheable',
    'Cache-Control: public, max-age=3600 lets a shared cache store this View Token (public) and give it to another caller',
  ],
  [
    'sets-access-token-cookie',
    'access_token_never_echoed',
    'the set-cookie header gives the Access Token back in plain text',
  ],
  [
    'sequential-tokens',
    'view_token_unforgeable',
    /^the View Tokens for \S+ and \S+ differ in [12] of 32 characters \(at most (5|10) bits apart\): a caller who holds one can guess others$/,
  ],
  [
    'unsigned-jwt-tokens',
    'view_token_unforgeable',
    'the View Token is a JWT with alg "none" and no signature: anyone can write one for another object',
  ],
  [
    'jwt-expires-in-an-hour',
    'view_token_lifetime',
    'the View Token (a JWT) expires 60 minutes after it was issued (exp against iat), not 12 hours',
  ],
  [
    'cdn-cache-control-public',
    'token_answer_not_shared_cacheable',
    'CDN-Cache-Control: public, max-age=60 lets a CDN (a shared cache: RFC 9213) store this View Token (public) and give it to another caller',
  ],
  [
    'jwt-exp-as-string',
    'view_token_lifetime',
    'the View Token (a JWT) states exp as a string, not a number: RFC 7519 makes exp a NumericDate (a JSON number of seconds), and a client reading it as one finds none',
  ],
])('an implementation that %s fails %s alone, each violation saying why', async (deviation, check, reason) => {
  const report = await run(createFake(deviation).listener());
  expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual([check]);
  const reasons = report.results
    .find((result) => result.name === check)
    ?.violations.map((violation) => violation.reason);
  expect(reasons?.length).toBeGreaterThan(0);
  for (const given of reasons ?? []) expect(given).toMatch(reason);
  expect(report.findings).toHaveLength(1);
});

test.each<Deviation>([
  'none', // 404 for a method a route does not have
  'answers-405-with-allow',
  'head-like-get',
  'options-preflight',
  'unicode-escaped-json',
  'private-cache-with-vary',
  'load-balancer-cookies',
  'opaque-tokens',
  'numeric-tokens',
  'signed-jwt-without-exp',
  'signed-jwt-expiring-in-12-hours',
  'reads-json-body-ignores-ids',
  'cdn-cache-control-private',
  'cdn-cache-control-no-store',
])('a reading the document and its RFCs allow (%s) passes every check, none skipped', async (deviation) => {
  const report = await run(createFake(deviation).listener());
  expect(
    report.results
      .filter((result) => result.status !== 'pass')
      .map((result) => [result.name, result.violations[0]?.reason ?? result.note]),
  ).toEqual([]);
});

test('bodies delimited by the connection closing (no Content-Length, no chunks: RFC 9112 §6.3) are read whole: every check passes', async () => {
  const fake = createFake('none').listener();
  const closeDelimited: RequestListener = (req, res) => {
    res.useChunkedEncodingByDefault = false;
    res.shouldKeepAlive = false;
    const end = res.end.bind(res);
    // Written before the end, the body gets no Content-Length: the connection's close ends it.
    res.end = ((body?: string) => {
      if (body) res.write(body);
      return end();
    }) as typeof res.end;
    fake(req, res);
  };
  const report = await run(closeDelimited);
  expect(report.results.filter((result) => result.status !== 'pass').map((result) => result.name)).toEqual([]);
  const seen = await new Promise<Record<string, string | undefined>>((resolve) => {
    const server = http.createServer(closeDelimited).listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      http.get({ port, path: '/view/token?fileId=11', headers: { Authorization: `Bearer ${FAKE_TOKEN}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          server.close();
          resolve({
            length: res.headers['content-length'],
            chunked: res.headers['transfer-encoding'],
            connection: res.headers.connection,
          });
        });
      });
    });
  });
  expect(seen).toEqual({ length: undefined, chunked: undefined, connection: 'close' });
});
