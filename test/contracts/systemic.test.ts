// The "one cause, one finding" judgement in-process, on made-up probes and exchanges: which requests
// go out first (firstWave), and when their answers all share one symptom that says the target cannot
// be used (findSystemic): its kind, the sentence and advice a user reads, the flag to fix, the example.
import type { ProbeResult } from '../../contracts/check-types';
import type { ContractOperation } from '../../contracts/contract-spec';
import type { Exchange } from '../../contracts/http-exchange';
import type { Probe, ProbeIntent } from '../../contracts/probe-planner';
import { findSystemic, firstWave } from '../../contracts/systemic';
import { answer, probe } from '../support/check-inputs';

const TARGET = { baseUrl: 'http://127.0.0.1:4010/api', timeoutMs: 2500 };
const REQUEST = {
  method: 'GET',
  path: '/view/token?fileId=11',
  url: 'http://127.0.0.1:4010/api/view/token?fileId=11',
  headers: {},
} as const;
const TIMING = { startMs: 0, endMs: 1 };

const unreachable = (reason: string): Exchange => ({ kind: 'unreachable', request: REQUEST, timing: TIMING, reason });
const broken = (reason: string): Exchange => ({ kind: 'broken', request: REQUEST, timing: TIMING, reason });
const untrusted = (reason: string, certificate: string): Exchange => ({
  kind: 'broken',
  request: REQUEST,
  timing: TIMING,
  reason,
  certificate,
});
const timedOut = (reason: string): Exchange => ({
  kind: 'broken',
  request: REQUEST,
  timing: TIMING,
  reason,
  timedOut: true,
});

/** A probe told apart from the others of its intent and operation by `name`. */
const named = (name: string, intent: ProbeIntent, operation: ContractOperation = 'getViewToken'): Probe => ({
  ...probe(intent, {}, operation),
  id: name,
});

/** The first wave a run sends: each operation's View Token request, then the same without Authorization. */
const FIRST: readonly Probe[] = [
  named('issue fileId', 'success'),
  named('issue child file', 'success', 'getChildFileViewToken'),
  named('GET without Authorization', 'auth'),
  named('POST without Authorization', 'auth', 'getChildFileViewToken'),
];

/** Each of `probes` answered with `exchange` (by default, the four requests of a first wave). */
const allAnswered = (exchange: Exchange, probes: readonly Probe[] = FIRST): ProbeResult[] =>
  probes.map((sent) => ({ probe: sent, exchange }));

describe('firstWave', () => {
  const ids = (probes: readonly Probe[]): string[] => probes.map(({ id }) => id);

  test('sends first the first View Token request and the first one without Authorization of each operation, then the others in plan order', () => {
    const planned = [
      named('missing fileId', 'missing'),
      named('issue fileId', 'success'),
      named('issue integrateId', 'success'),
      named('GET without Authorization', 'auth'),
      named('GET with a Basic scheme', 'auth'),
      named('issue child file', 'success', 'getChildFileViewToken'),
      named('POST without Authorization', 'auth', 'getChildFileViewToken'),
      named('POST with a Basic scheme', 'auth', 'getChildFileViewToken'),
    ];
    expect(ids(firstWave(planned, planned.length))).toEqual([
      'issue fileId',
      'issue child file',
      'GET without Authorization',
      'POST without Authorization',
      'missing fileId',
      'issue integrateId',
      'GET with a Basic scheme',
      'POST with a Basic scheme',
    ]);
  });

  test('is at most `size` requests, each planned request at most once', () => {
    const planned = [
      named('missing fileId', 'missing'),
      named('issue fileId', 'success'),
      named('issue again', 'success'),
    ];
    expect(ids(firstWave(planned, 2))).toEqual(['issue fileId', 'missing fileId']);
    expect(ids(firstWave(planned, 10))).toEqual(['issue fileId', 'missing fileId', 'issue again']);
  });

  test('with no View Token request or request without Authorization planned, is the plan in its order', () => {
    const planned = [named('missing fileId', 'missing'), named('forbidden fileId', 'forbidden')];
    expect(ids(firstWave(planned, 4))).toEqual(['missing fileId', 'forbidden fileId']);
  });
});

describe('findSystemic', () => {
  test.each<[string, string, Exchange, string, string]>([
    [
      'nothing listening',
      'unreachable',
      unreachable('cannot reach http://127.0.0.1:4010 (ECONNREFUSED)'),
      'cannot reach http://127.0.0.1:4010 (ECONNREFUSED): nothing answers there',
      'is the implementation running at http://127.0.0.1:4010/api? Fix --base-url, or start it first',
    ],
    [
      'no answer within --timeout',
      'timeout',
      timedOut('no complete answer within 2500 ms (--timeout)'),
      'no answer within 2500 ms to any of the 4 first requests: the target is silent',
      'is http://127.0.0.1:4010/api the service (and not a firewall or a proxy that holds connections)? Fix --base-url; a service that is only slow needs a longer --timeout',
    ],
    [
      'connections cut',
      'broken',
      broken('the connection closed in the middle of the response body'),
      'no complete answer to any of the 4 first requests (the connection closed in the middle of the response body)',
      'does http://127.0.0.1:4010/api speak HTTP with this scheme (http:// or https://)? Fix --base-url',
    ],
    [
      'a redirect with its Location',
      'redirect',
      answer(301, '', { location: 'https://example.test/api/view/token' }),
      'the 4 first requests were all redirected (301 to https://example.test/api/view/token)',
      'the service is not at --base-url itself: give --base-url the address it redirects to',
    ],
    [
      'a redirect without a Location',
      'redirect',
      answer(307),
      'the 4 first requests were all redirected (307 to no Location given)',
      'the service is not at --base-url itself: give --base-url the address it redirects to',
    ],
    [
      '404 everywhere',
      'not-found',
      answer(404),
      'the 4 first requests were all answered 404 Not Found, the View Token requests with the Access Token included',
      'the service is probably not at http://127.0.0.1:4010/api (a missing or extra base path?): fix --base-url; or every id given names no object',
    ],
    [
      '401 everywhere',
      'unauthorized',
      answer(401),
      'the 4 first requests were all answered 401 Unauthorized, the View Token requests with the Access Token included',
      'the target does not accept the Access Token (expired, or for another environment?): fix --access-token',
    ],
    [
      '403 everywhere (a gateway that refuses the Access Token)',
      'forbidden',
      answer(403, '{"message":"Forbidden"}'),
      'the 4 first requests were all answered 403 Forbidden, the View Token requests with the Access Token included',
      'the target (or a gateway before it) refuses the Access Token, or the token has no rights to these objects (another environment, a missing scope?): fix --access-token; or every id given names an object it may not see',
    ],
    [
      '500 everywhere',
      'server-error',
      answer(500),
      'the 4 first requests were all answered 500, the View Token requests with the Access Token included: the target fails on every request',
      'nothing can be judged while the service (or a gateway before it: a 502 or 504) fails on every request; its logs say why: fix the target, then run again',
    ],
    [
      'a 200 HTML page everywhere (a sign-in page)',
      'web-page',
      answer(200, '\n<!doctype html><form>Sign in</form>', { 'content-type': 'text/html; charset=utf-8' }),
      "the 4 first requests were all answered 200 with an HTML page, not the service's JSON",
      "--base-url points at a web page (a sign-in page or a portal?), not the API: fix --base-url (the address the API's requests go to)",
    ],
    [
      '429 everywhere',
      'rate-limited',
      answer(429, '', { 'retry-after': '60' }),
      'the 4 first requests were all answered 429 Too Many Requests (Retry-After: 60): the target limits the rate',
      "a gateway or the service limits this client's requests (RFC 6585); a run sends a few hundred requests, 4 at a time: allow the CI client that many (or exempt it from the limit), or run against a deployment without it; answers 429 are never judged",
    ],
    [
      'a self-signed certificate',
      'untrusted-certificate',
      untrusted(
        'the TLS certificate of https://127.0.0.1:4010 is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate)',
        'DEPTH_ZERO_SELF_SIGNED_CERT',
      ),
      'the TLS certificate of https://127.0.0.1:4010 is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate)',
      'a self-signed certificate, or one signed by a CA this machine does not trust (a company CA?): trust that CA with NODE_EXTRA_CA_CERTS=path/to/ca.pem (Node 20 and later; Node 24 can also use the system store with --use-system-ca)',
    ],
  ])(
    '%s on every first request is one finding of kind %s, saying so and what to fix',
    (_label, kind, exchange, summary, advice) => {
      const wave = allAnswered(exchange);
      const found = findSystemic(wave, TARGET);
      const flags: Record<string, string> = {
        unauthorized: '--access-token',
        forbidden: '--access-token',
        'server-error': 'the target',
        'rate-limited': 'the rate limit',
        'untrusted-certificate': 'NODE_EXTRA_CA_CERTS',
      };
      expect(found).toEqual({
        kind,
        summary,
        advice,
        flag: flags[kind] ?? '--base-url',
        example: wave[0],
      });
      expect(found?.example).toBe(wave[0]);
    },
  );

  test('counts the requests it saw: three timeouts are "the 3 first requests"', () => {
    const found = findSystemic(allAnswered(timedOut('no complete answer'), FIRST.slice(0, 3)), {
      baseUrl: 'http://10.0.0.9',
      timeoutMs: 500,
    });
    expect(found?.summary).toBe('no answer within 500 ms to any of the 3 first requests: the target is silent');
  });

  test.each([
    [300, 'a redirect', 'redirect'],
    [399, 'a redirect', 'redirect'],
    [299, 'no finding', undefined],
    [400, 'no finding', undefined],
  ])('status %i on every first request is %s (a redirect is 300 to 399)', (status, _label, kind) => {
    expect(findSystemic(allAnswered(answer(status)), TARGET)?.kind).toBe(kind);
  });

  test('no first request is no finding', () => {
    expect(findSystemic([], TARGET)).toBeUndefined();
  });

  test('answers that do not all share one symptom are no finding: the run goes on and judges', () => {
    const mixed = (exchanges: Exchange[]): ProbeResult[] =>
      exchanges.map((exchange, index) => ({ probe: FIRST[index] ?? named('other', 'missing'), exchange }));
    expect(findSystemic(mixed([answer(404), answer(404), answer(401), answer(404)]), TARGET)).toBeUndefined();
    expect(findSystemic(mixed([answer(200), answer(404), answer(404), answer(404)]), TARGET)).toBeUndefined();
    expect(findSystemic(mixed([unreachable('refused'), timedOut('silent')]), TARGET)).toBeUndefined();
    expect(findSystemic(allAnswered(answer(200)), TARGET)).toBeUndefined();
  });

  test.each([404, 401])(
    '%i on every first request is no finding when no View Token request was among them (a refusal of a request without Authorization is right)',
    (status) => {
      const refusals = FIRST.filter(({ intent }) => intent !== 'success');
      expect(findSystemic(allAnswered(answer(status), refusals), TARGET)).toBeUndefined();
    },
  );

  test.each([
    [404, 'not-found'],
    [401, 'unauthorized'],
  ])('%i on the View Token requests alone is a finding of kind %s', (status, kind) => {
    const issuing = FIRST.filter(({ intent }) => intent === 'success');
    expect(findSystemic(allAnswered(answer(status), issuing), TARGET)?.kind).toBe(kind);
  });

  test.each<[string, Exchange]>([
    ['unreachable', unreachable('cannot reach http://127.0.0.1:4010 (ECONNREFUSED)')],
    ['timeout', timedOut('no complete answer within 2500 ms (--timeout)')],
    ['broken', broken('socket hang up')],
    ['redirect', answer(302, '', { location: '/elsewhere' })],
  ])(
    '%s on requests without Authorization only is still a finding: it says nothing of the Access Token',
    (kind, exchange) => {
      const refusals = FIRST.filter(({ intent }) => intent !== 'success');
      expect(findSystemic(allAnswered(exchange, refusals), TARGET)?.kind).toBe(kind);
    },
  );
});

describe('findSystemic: the symptoms added after the first ones', () => {
  const certificate = (code: string): Exchange => untrusted(`not trusted (${code})`, code);

  test.each([
    [
      'CERT_HAS_EXPIRED',
      'the certificate is outside its validity dates: renew it on the server (or check the clock of this machine)',
    ],
    [
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'the certificate was issued for another host name: give --base-url the name it was issued for',
    ],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', expect.stringContaining('NODE_EXTRA_CA_CERTS=path/to/ca.pem')],
    ['SELF_SIGNED_CERT_IN_CHAIN', expect.stringContaining('NODE_EXTRA_CA_CERTS=path/to/ca.pem')],
  ])('an untrusted certificate (%s) is advised by what fixes it', (code, advice) => {
    expect(findSystemic(allAnswered(certificate(code)), TARGET)).toMatchObject({
      kind: 'untrusted-certificate',
      advice,
    });
  });

  test('answers 5xx of different statuses are one server-error finding naming each', () => {
    const wave = FIRST.map((sent, index) => ({ probe: sent, exchange: answer(index % 2 === 0 ? 502 : 500) }));
    expect(findSystemic(wave, TARGET)?.summary).toBe(
      'the 4 first requests were all answered 502 or 500, the View Token requests with the Access Token included: the target fails on every request',
    );
  });

  test('a 503 with Retry-After everywhere is the rate limit (deferred), one without it a server error', () => {
    expect(findSystemic(allAnswered(answer(503, '', { 'retry-after': '5' })), TARGET)).toMatchObject({
      kind: 'rate-limited',
      summary:
        'the 4 first requests were all answered 503 Service Unavailable (Retry-After: 5): the target is unavailable for now',
      flag: 'the target',
    });
    expect(findSystemic(allAnswered(answer(503)), TARGET)?.kind).toBe('server-error');
  });

  test('the rate limit advice counts the requests the run planned when it is given', () => {
    const found = findSystemic(allAnswered(answer(429)), { ...TARGET, requests: 249 });
    expect(found?.advice).toContain('a run sends 249 requests, 4 at a time');
  });

  test.each<[string, Exchange]>([
    [
      'HTML with another status (a 404 page is not-found, a 201 is no page)',
      answer(201, '{"code":"success"}', { 'content-type': 'text/html' }),
    ],
    [
      'a JSON body sent as text/html (a content-type defect, judged)',
      answer(200, '{"code":"success"}', { 'content-type': 'text/html' }),
    ],
    ['an HTML body sent as another type', answer(200, '<html></html>', { 'content-type': 'text/plain' })],
    ['a 4xx other than 401, 403, 404', answer(400)],
    ['499', answer(499)],
  ])('%s on every first request is no finding', (_label, exchange) => {
    expect(findSystemic(allAnswered(exchange), TARGET)).toBeUndefined();
  });

  test('a web page at 200 and 299 is a finding; at 300 it is a redirect', () => {
    const page = (status: number): Exchange => answer(status, '<html>', { 'content-type': 'TEXT/HTML' });
    expect([200, 299, 300].map((status) => findSystemic(allAnswered(page(status)), TARGET)?.kind)).toEqual([
      'web-page',
      'web-page',
      'redirect',
    ]);
  });

  test.each([403, 500, 200])(
    '%i on the requests without Authorization alone is no finding: a refusal (or a defect) of those says nothing of the target',
    (status) => {
      const refusals = FIRST.filter(({ intent }) => intent !== 'success');
      const page = answer(status, '<html>', { 'content-type': 'text/html' });
      expect(findSystemic(allAnswered(page, refusals), TARGET)).toBeUndefined();
    },
  );

  test('a 500 on one operation only is no finding: a defect of that endpoint, judged', () => {
    const wave = FIRST.map((sent) => ({
      probe: sent,
      exchange:
        sent.operation === 'getChildFileViewToken' ? answer(500) : answer(sent.intent === 'success' ? 200 : 401),
    }));
    expect(findSystemic(wave, TARGET)).toBeUndefined();
  });
});
