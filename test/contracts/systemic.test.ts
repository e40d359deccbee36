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
  ])(
    '%s on every first request is one finding of kind %s, saying so and what to fix',
    (_label, kind, exchange, summary, advice) => {
      const wave = allAnswered(exchange);
      const found = findSystemic(wave, TARGET);
      expect(found).toEqual({
        kind,
        summary,
        advice,
        flag: kind === 'unauthorized' ? '--access-token' : '--base-url',
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
