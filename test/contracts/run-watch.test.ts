// The watch over a run after its first wave, in-process on made-up exchanges: when it stops the run
// (the target stopped answering, limits the rate, or answers no request without credentials), the
// sentence a user reads, and when it lets the run go on (a request that hangs is a defect, judged).
import type { ProbeResult } from '../../contracts/check-types';
import type { Exchange } from '../../contracts/http-exchange';
import { createRunWatch, SILENT_WITHOUT, STREAK } from '../../contracts/run-watch';
import { ACCESS_TOKEN, answer, probe } from '../support/check-inputs';

const TARGET = { baseUrl: 'http://127.0.0.1:4010', timeoutMs: 300, requests: 249 };
const REQUEST = {
  method: 'GET',
  path: '/view/token?fileId=11',
  url: 'http://127.0.0.1:4010/view/token?fileId=11',
  headers: {},
} as const;
const TIMING = { startMs: 0, endMs: 1 };
const timedOut: Exchange = {
  kind: 'broken',
  request: REQUEST,
  timing: TIMING,
  reason: 'no complete answer within 300 ms (--timeout)',
  timedOut: true,
};
const refused: Exchange = {
  kind: 'unreachable',
  request: REQUEST,
  timing: TIMING,
  reason: 'cannot reach http://127.0.0.1:4010 (ECONNREFUSED)',
};

const WITH_TOKEN = { Authorization: `Bearer ${ACCESS_TOKEN}` };
/** A request with the Access Token, one with another token, one with no Authorization header. */
const withToken = (exchange: Exchange): ProbeResult => ({ probe: probe('success', { headers: WITH_TOKEN }), exchange });
const otherToken = (exchange: Exchange): ProbeResult => ({
  probe: probe('auth', { headers: { authorization: 'Bearer 0123' } }),
  exchange,
});
const noHeader = (exchange: Exchange): ProbeResult => ({ probe: probe('auth', { headers: {} }), exchange });

/** What the watch says after seeing each of `results`, in order: the kind it stopped with, or undefined. */
function watched(results: readonly ProbeResult[]) {
  const watch = createRunWatch(ACCESS_TOKEN, TARGET);
  const seen = results.map((result) => watch.see(result)?.kind);
  return { watch, seen };
}

test('the limits: as many requests in a row as are in flight, and three unanswered without credentials', () => {
  expect([STREAK, SILENT_WITHOUT]).toEqual([4, 3]);
});

test('a target that answered, then got no answer to 4 requests in a row, nor to a request it answered before, stopped answering: one finding, the first unanswered as the example', () => {
  const results = [
    withToken(answer(200)),
    noHeader(answer(401)),
    ...Array.from({ length: 6 }, () => withToken(answer(200))),
    ...Array.from({ length: 4 }, () => otherToken(timedOut)),
  ];
  const { watch, seen } = watched(results);
  expect([seen, watch.stopped]).toEqual([Array<undefined>(12).fill(undefined), undefined]);
  // The control: a request answered before, the first without credentials (it issues nothing).
  expect(watch.control).toBe(results[1]);
  watch.confirm(timedOut);
  expect(watch.control).toBeUndefined();
  expect(watch.stopped).toEqual({
    kind: 'stopped-answering',
    summary:
      'the target answered 8 requests, then stopped: the 4 next got no answer (no complete answer within 300 ms (--timeout)), nor did one it had answered',
    advice:
      'did the service stop, or something before it (a proxy, a firewall, a limit that drops requests) stop passing them? Make the target answer, then run again; a service that is only slow needs a longer --timeout',
    flag: 'the target',
    example: results[8],
  });
});

test('4 requests in a row with no answer, while the control request is still answered, are a defect of those requests: the run goes on', () => {
  const results = [withToken(answer(200)), ...Array.from({ length: 4 }, () => withToken(timedOut))];
  const { watch } = watched(results);
  expect(watch.control).toBe(results[0]);
  expect(watch.doubtful).toBe(true);
  watch.confirm(answer(200));
  expect([watch.stopped, watch.control, watch.doubtful]).toEqual([undefined, undefined, false]);
  const three = Array.from({ length: 3 }, () => watch.see(withToken(timedOut)));
  expect([three, watch.control]).toEqual([[undefined, undefined, undefined], undefined]);
});

test('a target that went away (connections refused) is the same finding, its reason said, no advice on --timeout', () => {
  const { watch } = watched([withToken(answer(200)), ...Array.from({ length: 4 }, () => withToken(refused))]);
  watch.confirm(refused);
  expect(watch.stopped).toMatchObject({
    summary:
      'the target answered 1 requests, then stopped: the 4 next got no answer (cannot reach http://127.0.0.1:4010 (ECONNREFUSED)), nor did one it had answered',
    advice:
      'did the service stop, or something before it (a proxy, a firewall, a limit that drops requests) stop passing them? Make the target answer, then run again',
  });
});

test('3 unanswered in a row, then an answer, then 3 more: no stop (a defect on some requests is judged, not a systemic failure)', () => {
  const three = Array.from({ length: 3 }, () => withToken(timedOut));
  const { watch, seen } = watched([withToken(answer(200)), ...three, withToken(answer(404)), ...three]);
  expect([watch.stopped, seen.every((kind) => kind === undefined)]).toEqual([undefined, true]);
  expect(watch.doubtful).toBe(true);
  watch.see(withToken(answer(200)));
  expect(watch.doubtful).toBe(false);
});

test('after 4 answers 429 in a row the target limits the rate; after 3 it does not yet', () => {
  const limited = (count: number) =>
    watched([
      withToken(answer(200)),
      withToken(answer(401)),
      ...Array.from({ length: count }, () => noHeader(answer(429, '', { 'retry-after': '60' }))),
    ]);
  expect(limited(3).watch.stopped).toBeUndefined();
  expect(limited(4).watch.stopped).toMatchObject({
    kind: 'rate-limited',
    summary:
      'the target limits the rate: after 2 answers, the 4 next requests were answered 429 Too Many Requests (Retry-After: 60)',
    flag: 'the rate limit',
  });
});

test('4 answers 503 with Retry-After in a row: the target is down for now, not limiting the rate; the target is what to fix', () => {
  const { watch } = watched([
    withToken(answer(200)),
    ...Array.from({ length: 4 }, () => withToken(answer(503, '', { 'retry-after': '30' }))),
  ]);
  expect(watch.stopped).toMatchObject({
    kind: 'rate-limited',
    summary:
      'the target is unavailable for now: after 1 answer, the 4 next requests were answered 503 Service Unavailable (Retry-After: 30)',
    advice:
      'the target says it is down for now (503 with Retry-After, RFC 9110): run again once it is back, or against a deployment that is up; such answers are never judged',
    flag: 'the target',
  });
});

test('a streak is of one sort: 2 timeouts then 2 answers 429 are neither 4 unanswered nor 4 deferred', () => {
  const { watch } = watched([
    withToken(answer(200)),
    withToken(timedOut),
    withToken(timedOut),
    withToken(answer(429)),
    withToken(answer(429)),
  ]);
  expect(watch.stopped).toBeUndefined();
});

test('requests without an Authorization header that all go unanswered (3 of them), those with the Access Token answered: one finding of that cause', () => {
  const results = [
    withToken(answer(200)),
    noHeader(timedOut),
    otherToken(answer(401)),
    noHeader(timedOut),
    withToken(answer(200)),
    noHeader(timedOut),
  ];
  const { watch, seen } = watched(results);
  expect(seen).toEqual([undefined, undefined, undefined, undefined, undefined, 'silent-without-credentials']);
  expect(watch.stopped).toEqual({
    kind: 'silent-without-credentials',
    summary:
      'requests without an Authorization header get no answer (no complete answer within 300 ms (--timeout); 3 such requests, none answered), while those with the Access Token are answered',
    advice:
      'a gateway or firewall before the service drops them? Run the harness where they reach the service (fix --base-url): the contract wants them refused (401), and a request with no answer judges nothing',
    flag: '--base-url',
    example: results[1],
  });
});

test('requests without the Access Token (another token among them) all unanswered: the finding says "without the Access Token"', () => {
  const { watch } = watched([withToken(answer(200)), otherToken(timedOut), noHeader(timedOut), otherToken(timedOut)]);
  expect(watch.stopped?.summary).toMatch(/^requests without the Access Token get no answer/);
});

test.each<[string, ProbeResult[]]>([
  ['only 2 unanswered', [withToken(answer(200)), noHeader(timedOut), noHeader(timedOut)]],
  [
    'a request without Authorization was answered before',
    [withToken(answer(200)), noHeader(answer(401)), noHeader(timedOut), noHeader(timedOut), noHeader(timedOut)],
  ],
  [
    'one with the Access Token went unanswered too',
    [withToken(answer(200)), noHeader(timedOut), withToken(timedOut), noHeader(timedOut)],
  ],
  [
    'no request with the Access Token was answered',
    [otherToken(answer(401)), noHeader(timedOut), noHeader(timedOut), noHeader(timedOut)],
  ],
])('no finding of requests without credentials when %s', (_label, results) => {
  expect(watched(results).watch.stopped?.kind).not.toBe('silent-without-credentials');
});

test('once stopped it stays so: later answers change nothing', () => {
  const { watch } = watched([withToken(answer(200)), ...Array.from({ length: 4 }, () => withToken(refused))]);
  watch.confirm(refused);
  const stopped = watch.stopped;
  expect(stopped?.kind).toBe('stopped-answering');
  expect(watch.see(withToken(answer(200)))).toBe(stopped);
  expect(watch.stopped).toBe(stopped);
});
