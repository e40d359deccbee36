import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { runDiffCommand } from '../../contracts/diff/diff-command';
import type { MockServer } from '../../mock/server';
import { BEARER, aMock } from '../support/mock-app';

// --journal: which recorded calls a spec change breaks, from a journal the mock really recorded
// (GET /__admin/requests after real calls) and from a file its --record really wrote. The pair of
// specs: the shipped contract (as of this test) and a copy that drops the sceneId parameter and the
// 404 of GET /view/token and makes the child-file POST require a `region` query parameter.

const FIXTURES = path.resolve(__dirname, 'fixtures/diff/journal');
const OLD = path.join(FIXTURES, 'old.yaml');
const NEW = path.join(FIXTURES, 'new.yaml');
const SCHEMA = path.resolve(__dirname, '../../contracts/diff/diff-report.schema.json');
const CONFIG = { missing: { fileId: ['404'] }, forbidden: { fileId: ['403'] } };
const CALLS: [string, string][] = [
  ['GET', '/view/token?fileId=10001'],
  ['GET', '/view/token?sceneId=7'],
  ['GET', '/view/token?fileId=404'],
  ['GET', '/view/token?fileId=403'],
  ['POST', '/data/v2/integrations/2001/files/1002/viewToken'],
  ['GET', '/view/token?fileId=abc'],
  ['GET', '/inside/databag?viewToken=0123456789abcdef0123456789abcdef'],
];
let dir: string;
const mocks: MockServer[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-diff-journal-'));
});
afterAll(async () => {
  await Promise.all(mocks.map((mock) => mock.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function started(options: Parameters<typeof aMock>[0]): Promise<{ mock: MockServer; baseUrl: string }> {
  const mock = await aMock(options);
  mocks.push(mock);
  return { mock, baseUrl: await mock.listen(0) };
}

async function call(baseUrl: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const [method, target] of CALLS)
    statuses.push((await fetch(`${baseUrl}${target}`, { method, headers: BEARER })).status);
  return statuses;
}

function diff(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runDiffCommand(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

test('a journal the mock recorded: the calls the change breaks are named, each with why; the others judged fine or said not judged', async () => {
  const { baseUrl } = await started({ config: CONFIG });
  expect(await call(baseUrl)).toEqual([200, 200, 404, 403, 200, 400, 401]);
  const journal = path.join(dir, 'journal.json');
  writeFileSync(journal, await (await fetch(`${baseUrl}/__admin/requests`)).text());

  const result = diff([OLD, NEW, '--journal', journal, '--format', 'json']);
  expect([result.code, result.stderr]).toEqual([1, '']);
  const report = JSON.parse(result.stdout) as { journal: unknown; totals: unknown };
  expect(report.journal).toEqual({
    file: journal,
    kind: 'journal',
    calls: 7,
    judged: 6,
    broken: [
      {
        call: '#5 POST /data/v2/integrations/2001/files/1002/viewToken → 200',
        reasons: ['does not send query parameter region, which the new spec requires'],
      },
      {
        call: '#3 GET /view/token?fileId=404 → 404',
        reasons: ['was answered 404, which the new spec no longer documents'],
      },
      {
        call: '#2 GET /view/token?sceneId=7 → 200',
        reasons: ['sends query parameter sceneId, which the new spec removes'],
      },
    ],
    notJudged: [
      {
        call: '#7 GET /inside/databag?viewToken=012345… → 401',
        why: 'not an operation of the old spec',
      },
    ],
  });
  expect(report.totals).toEqual({
    breaking: 3,
    breakingRequest: 2,
    breakingResponse: 1,
    nonBreaking: 0,
    annotation: 1,
  });
  const validate = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object);
  expect([validate(report), validate.errors]).toEqual([true, null]);
});

test('the text report lists the broken recorded calls under the changes', async () => {
  const { baseUrl } = await started({ config: CONFIG });
  await call(baseUrl);
  const journal = path.join(dir, 'journal-text.json');
  writeFileSync(journal, await (await fetch(`${baseUrl}/__admin/requests`)).text());
  const { code, stdout } = diff([OLD, NEW, '--journal', journal]);
  expect(code).toBe(1);
  expect(stdout.slice(stdout.indexOf('\nRecorded calls')).split('\n')).toEqual([
    '',
    `Recorded calls (journal ${journal}): 3 of 7 recorded calls break (1 not judged)`,
    '  #5 POST /data/v2/integrations/2001/files/1002/viewToken → 200',
    '      does not send query parameter region, which the new spec requires',
    '  #3 GET /view/token?fileId=404 → 404',
    '      was answered 404, which the new spec no longer documents',
    '  #2 GET /view/token?sceneId=7 → 200',
    '      sends query parameter sceneId, which the new spec removes',
    '  not judged: #7 GET /inside/databag?viewToken=012345… → 401 (not an operation of the old spec)',
  ]);
});

test('a file --record wrote: an id is broken only when no operation that takes its parameter still takes it as recorded', async () => {
  const upstream = await started({ config: CONFIG });
  const recorded = path.join(dir, 'recorded.json');
  const proxy = await started({ proxy: { url: upstream.baseUrl, recordFile: recorded } });
  expect(await call(proxy.baseUrl)).toEqual([200, 200, 404, 403, 200, 400, 401]);
  await proxy.mock.close();
  mocks.splice(mocks.indexOf(proxy.mock), 1);
  expect(JSON.parse(readFileSync(recorded, 'utf8'))).toMatchObject({
    missing: { fileId: ['404'] },
    forbidden: { fileId: ['403'] },
    objects: { fileId: { '10001': {}, '1002': {} }, sceneId: { '7': {} } },
  });

  const result = diff([OLD, NEW, '--journal', recorded, '--format', 'json']);
  expect(result.code).toBe(1);
  // fileId=404 stays judged fine: the child-file POST also takes a fileId and still documents 404 (a
  // --record file keeps ids and statuses, not which operation answered them).
  expect((JSON.parse(result.stdout) as { journal: unknown }).journal).toEqual({
    file: recorded,
    kind: 'record',
    calls: 5,
    judged: 5,
    broken: [
      {
        call: 'sceneId=7 → 200 or 201',
        reasons: ['GET /view/token: sends query parameter sceneId, which the new spec removes'],
      },
    ],
    notJudged: [],
  });
});

test('a journal with no call the change breaks, against specs that differ only in what callers ignore: exit 0', async () => {
  const { baseUrl } = await started({ config: CONFIG });
  await call(baseUrl);
  const journal = path.join(dir, 'journal-same.json');
  writeFileSync(journal, await (await fetch(`${baseUrl}/__admin/requests`)).text());
  const { code, stdout } = diff([OLD, OLD, '--journal', journal]);
  expect([code, stdout.split('\n').slice(1, 2), stdout.split('\n').slice(-2)]).toEqual([
    0,
    ['OK: no change breaks callers; 0 do not; 0 documentation only.'],
    [
      `Recorded calls (journal ${journal}): 0 of 7 recorded calls break (1 not judged)`,
      '  not judged: #7 GET /inside/databag?viewToken=012345… → 401 (not an operation of the old spec)',
    ],
  ]);
});

const FIXTURE_CASES = path.resolve(__dirname, 'fixtures/diff');
const entry = (id: number, method: string, target: string, status: number) => {
  const url = new URL(target, 'http://x');
  return { id, method, path: url.pathname, query: Object.fromEntries(url.searchParams), status };
};

test.each<[string, string, ReturnType<typeof entry>[], { call: string; reasons: string[] }[]]>([
  [
    'a value the new enum refuses',
    'request-enum-value-removed',
    [entry(1, 'GET', '/view/token?mode=full', 200), entry(2, 'GET', '/view/token?mode=fast', 200)],
    [
      {
        call: '#1 GET /view/token?mode=full → 200',
        reasons: ['sends mode=full, which the new spec refuses (not one of "fast")'],
      },
    ],
  ],
  [
    'an id past the new int32 range',
    'int64-id-narrowed-to-int32',
    [entry(1, 'GET', '/view/token?fileId=9999999999', 200), entry(2, 'GET', '/view/token?fileId=2147483647', 200)],
    [
      {
        call: '#1 GET /view/token?fileId=9999999999 → 200',
        reasons: ['sends fileId=9999999999, which the new spec refuses (out of the int32 range)'],
      },
    ],
  ],
  [
    'an answer whose body the change alters (same operation and status)',
    'response-field-removed',
    [entry(1, 'GET', '/view/token?fileId=1', 200), entry(2, 'GET', '/view/token?fileId=2', 404)],
    [
      {
        call: '#1 GET /view/token?fileId=1 → 200',
        reasons: ['its 200 answer changes: response 200 application/json: property data removed'],
      },
    ],
  ],
  [
    'credentials required where none were',
    'security-added',
    [entry(1, 'GET', '/view/token?fileId=1', 401)],
    [{ call: '#1 GET /view/token?fileId=1 → 401', reasons: ['the credentials it must send change: security: added'] }],
  ],
  [
    'a call without the new required parameter (a call that sends it is fine)',
    'required-parameter-added',
    [entry(1, 'GET', '/view/token?fileId=1', 200), entry(2, 'GET', '/view/token?fileId=1&region=eu', 200)],
    [
      {
        call: '#1 GET /view/token?fileId=1 → 200',
        reasons: ['does not send query parameter region, which the new spec requires'],
      },
    ],
  ],
  [
    'a status the new spec adds: nothing breaks',
    'response-status-added',
    [entry(1, 'GET', '/view/token?fileId=1', 429)],
    [],
  ],
])('%s: named with why', (_name, fixture, requests, broken) => {
  const journal = path.join(dir, `${fixture}.json`);
  writeFileSync(journal, JSON.stringify({ capacity: 1000, requests }));
  const result = diff([
    path.join(FIXTURE_CASES, 'base.yaml'),
    path.join(FIXTURE_CASES, fixture, 'new.yaml'),
    '--journal',
    journal,
    '--format',
    'json',
  ]);
  expect((JSON.parse(result.stdout) as { journal: { broken: unknown } }).journal.broken).toEqual(broken);
});

test('a fault answered instead (status 0) and a call the old spec did not serve are not judged, each saying why', () => {
  const journal = path.join(dir, 'faults.json');
  writeFileSync(
    journal,
    JSON.stringify({
      capacity: 1000,
      requests: [entry(1, 'GET', '/view/token?fileId=1', 0), entry(2, 'DELETE', '/view/token', 405)],
    }),
  );
  const result = diff([
    path.join(FIXTURE_CASES, 'base.yaml'),
    path.join(FIXTURE_CASES, 'parameter-removed', 'new.yaml'),
    '--journal',
    journal,
    '--format',
    'json',
  ]);
  expect((JSON.parse(result.stdout) as { journal: unknown }).journal).toEqual({
    file: journal,
    kind: 'journal',
    calls: 2,
    judged: 0,
    broken: [],
    notJudged: [
      { call: '#1 GET /view/token?fileId=1 → 0', why: 'answered by a fault (status 0)' },
      { call: '#2 DELETE /view/token → 405', why: 'not an operation of the old spec' },
    ],
  });
});
