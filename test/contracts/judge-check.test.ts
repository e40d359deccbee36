// judgeCheck in-process, on a check made here: when it skips (and why), fails, passes, its note and the
// time its answers span.
import type { Check, Control, ProbeResult } from '../../contracts/check-types';
import type { ContractOperation } from '../../contracts/contract-spec';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import type { Exchange } from '../../contracts/http-exchange';
import { judgeCheck } from '../../contracts/judge-check';
import type { IdName } from '../../contracts/options';
import type { ProbeIntent } from '../../contracts/probe-planner';
import { answer, facts, options, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const BASE = { name: 'made_here', summary: 'its summary', source: 'its sentence', since: 1 as const, allowed: [] };

/** A check of these intents failing every answer whose status is not 200. */
const aCheck = (extra: Partial<Check> = {}): Check => ({
  ...BASE,
  detail: 'its detail',
  intents: ['success'],
  expected: '200',
  judge: (response) => (response.status === 200 ? undefined : `status ${response.status}`),
  ...extra,
});
const answered = (
  status: number,
  startMs = 0,
  endMs = 1,
  intent: ProbeIntent = 'success',
  operation?: ContractOperation,
) =>
  ({ probe: probe(intent, {}, operation), exchange: { ...answer(status), timing: { startMs, endMs } } }) as ProbeResult;
const judged = (
  check: Check,
  results: ProbeResult[],
  controls = new Map<ContractOperation, Control>(),
  ids: Partial<Record<IdName, string>> = { fileId: '11' },
) => judgeCheck(check, options(ids), results, SPEC, { ...facts(), controls });

test('a check that cannot run with these options skips with its reason, judging nothing', () => {
  const check = aCheck({ skipReason: (given) => (given.ids.fileId === undefined ? 'give --file-id' : undefined) });
  expect(judged(check, [answered(500)], undefined, {})).toStrictEqual({
    ...BASE,
    status: 'skip',
    note: 'give --file-id',
    durationMs: 0,
    violations: [],
  });
  expect(judged(check, [answered(500)]).status).toBe('fail');
});

test('a check no answer of the run applies to skips, saying why', () => {
  expect(judged(aCheck({ intents: ['repeat'] }), [answered(200)])).toStrictEqual({
    ...BASE,
    status: 'skip',
    note: 'no request of this run applies to it',
    durationMs: 0,
    violations: [],
  });
  expect(judged(aCheck({ intents: ['view-token-as-access'] }), [answered(200)]).note).toBe(
    'no View Token was issued in this run, so none could be presented as the Access Token',
  );
});

test('answers that break it fail it, each a violation; a broken exchange is one by its reason; the note counts the answers', () => {
  const ok = answered(200, 5, 7.25);
  const refused = answered(404, 6, 9.5);
  const lost: ProbeResult = {
    probe: probe('success'),
    exchange: {
      kind: 'broken',
      request: ok.exchange.request,
      timing: { startMs: 8, endMs: 15.1234 },
      reason: 'cut off',
    } as Exchange,
  };
  expect(judged(aCheck(), [ok, refused, lost, answered(500, 0, 1, 'repeat')])).toStrictEqual({
    ...BASE,
    status: 'fail',
    note: '3 answers judged',
    durationMs: 10.123,
    violations: [
      { result: refused, expected: '200', reason: 'status 404' },
      { result: lost, expected: '200', reason: 'cut off' },
    ],
  });
});

test('one answer that passes: "1 answer judged", and the time it took', () => {
  expect(judged(aCheck(), [answered(200, 100, 100.5)])).toStrictEqual({
    ...BASE,
    status: 'pass',
    note: '1 answer judged',
    durationMs: 0.5,
    violations: [],
  });
});

test('violations found together keep their cause only when they have one', () => {
  const [first, second] = [answered(200), answered(200)] as [ProbeResult, ProbeResult];
  const check = aCheck({
    judgeTogether: () => [
      { result: first, reason: 'the same token twice' },
      { result: second, reason: 'tokens 1 apart', cause: 'predictable tokens' },
    ],
  });
  expect(judged(check, [first, second]).violations).toStrictEqual([
    { result: first, expected: '200', reason: 'the same token twice' },
    { result: second, expected: '200', reason: 'tokens 1 apart', cause: 'predictable tokens' },
  ]);
});

test('a check that judged too few answers skips with what it needs, after judging them', () => {
  const check = aCheck({ enough: (results) => (results.length < 2 ? 'give a second object id' : undefined) });
  expect(judged(check, [answered(200, 0, 2)])).toStrictEqual({
    ...BASE,
    status: 'skip',
    note: 'not judged: give a second object id',
    durationMs: 2,
    violations: [],
  });
  expect(judged(check, [answered(200), answered(200)]).status).toBe('pass');
});

describe('a contrasted check (refusals that show something only beside a success)', () => {
  const check = aCheck({ contrasted: true, intents: ['auth'], judge: () => undefined });
  const refusals = [answered(401, 0, 1, 'auth'), answered(401, 0, 1, 'auth', 'getChildFileViewToken')];
  const tail = ': a refusal there shows nothing until the same request with the Access Token succeeds';

  test('passes where each operation gave the Access Token a View Token', () => {
    const controls = new Map<ContractOperation, Control>([
      ['getViewToken', { probe: 'issue fileId', succeeded: true, outcome: 'status 200' }],
      ['getChildFileViewToken', { probe: 'issue child', succeeded: true, outcome: 'status 201' }],
    ]);
    expect(judged(check, refusals, controls).status).toBe('pass');
  });

  test('skips naming each operation that was not asked, or gave no View Token', () => {
    const controls = new Map<ContractOperation, Control>([
      ['getChildFileViewToken', { probe: 'issue child', succeeded: false, outcome: 'status 500' }],
    ]);
    expect(judged(check, refusals, controls).note).toBe(
      `not judged: no View Token was asked for on the GET with these ids; the POST gave the Access Token no View Token (issue child: status 500; see success_envelope)${tail}`,
    );
  });

  test('a failure is a failure, contrasted or not', () => {
    expect(judged({ ...check, judge: () => 'a 200' }, refusals).status).toBe('fail');
  });
});

describe('a check covering an operation the run did not probe (its ids not given)', () => {
  const post = {
    operation: 'getChildFileViewToken' as const,
    label: 'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
    needs: 'add --integrate-id and --child-file-id',
    intents: ['success', 'auth'] as ProbeIntent[],
  };
  const partly = (check: Check, results: ProbeResult[]) =>
    judgeCheck(check, options({ fileId: '11' }), results, SPEC, { ...facts(), notProbed: [post] });

  test('skips as partial, saying what it judged and what to add, when what it judged broke nothing', () => {
    expect(partly(aCheck({ intents: ['auth'], judge: () => undefined }), [answered(401, 0, 3, 'auth')])).toStrictEqual({
      ...BASE,
      status: 'skip',
      note: 'judged on the GET only (1 answer, no violation); POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken not judged: add --integrate-id and --child-file-id',
      durationMs: 3,
      violations: [],
      partial: true,
    });
  });

  test('fails on what it judged: a defect on the GET is a defect', () => {
    expect(partly(aCheck(), [answered(500)]).status).toBe('fail');
  });

  test('passes when the operation not probed is none it covers (a check of the GET alone)', () => {
    expect(partly(aCheck({ intents: ['repeat'] }), [answered(200, 0, 1, 'repeat')])).toMatchObject({
      status: 'pass',
      note: '1 answer judged',
    });
  });
});

describe('answers that defer the request (429, or 503 with Retry-After) are never judged: no refusal, no pass', () => {
  const deferred = (status: number, headers: Record<string, string> = {}, intent: ProbeIntent = 'success') =>
    ({ probe: probe(intent), exchange: answer(status, 'Too Many Requests', headers) }) as ProbeResult;
  const refusing = aCheck({ judge: (response) => (response.status === 401 ? undefined : `status ${response.status}`) });

  test('a check whose every answer was 429 skips saying so, though its rule would have failed each', () => {
    expect(judged(refusing, [deferred(429, { 'retry-after': '60' }), deferred(429)])).toEqual({
      ...BASE,
      status: 'skip',
      note: 'not judged: 2 of its 2 requests were answered 429 Too Many Requests (Retry-After: 60), which judges nothing (the target limits the rate)',
      durationMs: 0,
      violations: [],
    });
  });

  test('a check whose every answer was a 503 with Retry-After skips saying the target is down for now', () => {
    expect(judged(refusing, [deferred(503, { 'retry-after': '30' })]).note).toBe(
      'not judged: 1 of its 1 requests were answered 503 Service Unavailable (Retry-After: 30), which judges nothing (the target is unavailable for now)',
    );
  });

  test('a check whose answers pass beside a 429 skips (what it did not see may break it), naming how many were deferred', () => {
    const result = judged(refusing, [answered(401), deferred(429)]);
    expect([result.status, result.note, result.violations]).toEqual([
      'skip',
      'not judged: 1 of its 2 requests were answered 429 Too Many Requests, which judges nothing (the target limits the rate)',
      [],
    ]);
  });

  test('a check an answer breaks beside a 429 fails on that answer alone', () => {
    const result = judged(refusing, [answered(200), deferred(429)]);
    expect([result.status, result.note, result.violations.map((violation) => violation.reason)]).toEqual([
      'fail',
      '1 answer judged',
      ['status 200'],
    ]);
  });

  test.each<[string, number, Record<string, string>, string]>([
    ['a 503 with Retry-After is deferred', 503, { 'retry-after': '120' }, 'skip'],
    ['a 503 without Retry-After is an answer (a server error)', 503, {}, 'fail'],
    ['a 502 with Retry-After is an answer', 502, { 'retry-after': '120' }, 'fail'],
    ['a 428 is an answer', 428, {}, 'fail'],
  ])('%s', (_label, status, headers, expected) => {
    expect(judged(refusing, [deferred(status, headers)]).status).toBe(expected);
  });
});
