import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ServiceRequest } from '../../mock/core/service-request';
import { RECORD_LIMITS, RECORD_WRITE_EVERY_MS, createRecorder } from '../../mock/proxy/recorder';
import type { MockServer, MockServerOptions } from '../../mock/server';
import { BEARER, aMock } from '../support/mock-app';

// --record bounded: ids per type and in all, names and extensions from the upstream, and writes at
// most every RECORD_WRITE_EVERY_MS, whatever a flood of distinct ids or an upstream sends.

let dir: string;
let file: string;
let upstream: Server;
let upstreamUrl: string;
/** The name the upstream's viewer data gives every model. */
let viewerName = 'Tower.rvt';
/** fileIds the upstream answers 403. */
const forbidden = new Set<string>();
beforeAll(async () => {
  // Every id exists; its View Token is `t<id>` padded to 32 hex digits; the viewer data names it.
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const id = [...url.searchParams.values()][0] ?? '';
    if (forbidden.has(url.searchParams.get('fileId') ?? ''))
      return void res
        .writeHead(403, { 'Content-Type': 'application/json' })
        .end('{"code":"permission.denied","data":null,"message":"no"}');
    const body =
      url.pathname === '/inside/databag'
        ? { code: 'success', data: { renderType: 'bimView', name: viewerName }, message: '' }
        : { code: 'success', data: id.padStart(32, '0'), message: '' };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      upstream.closeAllConnections();
      upstream.close(() => resolve());
    }),
);
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-record-bounds-'));
  file = path.join(dir, 'recorded.json');
});
afterEach(() => {
  jest.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

async function recordingMock(
  warnings: string[],
  recordLimits?: NonNullable<MockServerOptions['proxy']>['recordLimits'],
): Promise<{ mock: MockServer; baseUrl: string }> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  const mock = await aMock({
    proxy: { url: upstreamUrl, recordFile: file, ...(recordLimits ? { recordLimits } : {}) },
    logger: pino({ level: 'warn' }, sink),
  });
  return { mock, baseUrl: await mock.listen(0) };
}

/** GETs every path, `parallel` at a time. */
async function getAll(baseUrl: string, paths: string[], parallel = 32): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < paths.length; i += parallel) {
    const batch = paths
      .slice(i, i + parallel)
      .map(async (target) => (await fetch(`${baseUrl}${target}`, { headers: BEARER })).status);
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

type Recorded = {
  objects: Record<string, Record<string, { name?: string; extension?: string }>>;
  missing: object;
  forbidden: object;
};
const readRecording = (): Recorded => JSON.parse(readFileSync(file, 'utf8')) as Recorded;

test(`a flood of distinct ids through the proxy: the recording keeps ${RECORD_LIMITS.idsPerType} fileIds, its size stays bounded, and the cap is logged once`, async () => {
  const warnings: string[] = [];
  const { mock, baseUrl } = await recordingMock(warnings);
  const ids = Array.from({ length: RECORD_LIMITS.idsPerType + 500 }, (_unused, i) => String(9_000_000_000 + i));
  const statuses = await getAll(
    baseUrl.replace(/\/$/, ''),
    ids.map((id) => `/view/token?fileId=${id}`),
  );
  expect(new Set(statuses)).toEqual(new Set([200]));
  await mock.close();
  const recorded = Object.keys(readRecording().objects.fileId ?? {});
  expect([recorded.length, recorded.every((id) => ids.includes(id))]).toEqual([RECORD_LIMITS.idsPerType, true]);
  // ~30 bytes an id: the file does not grow with the flood.
  expect(statSync(file).size).toBeLessThan(RECORD_LIMITS.idsPerType * 40 + 1_000);
  expect(warnings.filter((message) => message.startsWith('--record'))).toEqual([
    `--record keeps at most ${RECORD_LIMITS.idsPerType} ids per type; further fileIds are left out of the recording`,
  ]);
}, 120_000);

test('the caps per type and in all hold exactly, and an id already recorded still changes state past them', async () => {
  const warnings: string[] = [];
  const { mock, baseUrl } = await recordingMock(warnings, { idsPerType: 3, ids: 5 });
  await getAll(
    baseUrl,
    ['1', '2', '3', '4'].map((id) => `/view/token?fileId=${id}`),
    1,
  );
  await getAll(
    baseUrl,
    ['1', '2', '3'].map((id) => `/view/token?sceneId=${id}`),
    1,
  );
  forbidden.add('1');
  await getAll(baseUrl, ['/view/token?fileId=1'], 1);
  forbidden.clear();
  await mock.close();
  const recorded = readRecording();
  expect([recorded.objects, recorded.forbidden]).toEqual([
    { fileId: { 2: {}, 3: {} }, sceneId: { 1: {}, 2: {} } },
    { fileId: ['1'] },
  ]);
  expect(warnings).toEqual([
    '--record keeps at most 3 ids per type; further fileIds are left out of the recording',
    '--record keeps at most 5 ids in all; further ids are left out of the recording',
  ]);
});

test.each([
  [
    'a name of 10,000 characters is cut to 200, ending in …',
    `${'Level 1 plan '.repeat(800)}.dwg`,
    { name: `${'Level 1 plan '.repeat(800).slice(0, 199)}…`, extension: 'dwg' },
  ],
  ['an extension over 16 characters is not taken', 'Tower.abcdefghijklmnopq', { name: 'Tower.abcdefghijklmnopq' }],
  [
    'an extension of 16 characters is taken',
    'Tower.abcdefghijklmnop',
    { name: 'Tower.abcdefghijklmnop', extension: 'abcdefghijklmnop' },
  ],
  [
    'a name of exactly 200 characters is kept whole',
    `${'x'.repeat(196)}.rvt`,
    { name: `${'x'.repeat(196)}.rvt`, extension: 'rvt' },
  ],
])("names from the upstream's viewer data are bounded: %s", async (_name, given, recorded) => {
  viewerName = given;
  const { mock, baseUrl } = await recordingMock([]);
  await getAll(baseUrl, ['/view/token?fileId=77'], 1);
  expect((await fetch(`${baseUrl}/inside/databag?viewToken=${'77'.padStart(32, '0')}`)).status).toBe(200);
  await mock.close();
  expect(readRecording().objects.fileId?.['77']).toEqual(recorded);
});

const aRequest = (fileId: number): ServiceRequest => ({
  operationId: 'getViewToken',
  method: 'GET',
  path: '/view/token',
  query: { fileId: String(fileId) },
  pathParams: {},
  headers: {},
});

test(`the recording is written at most every ${RECORD_WRITE_EVERY_MS} ms, not per request`, async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  let writes = 0;
  let written: () => void = () => undefined;
  const nextWrite = (): Promise<void> =>
    new Promise((resolve) => {
      written = resolve;
    });
  const recorder = createRecorder(file, 'http://upstream', {
    onError: (error) => {
      throw error;
    },
    onCapReached: () => undefined,
    onWritten: () => {
      writes += 1;
      written();
    },
  });
  const fileIds = (): number => Object.keys(readRecording().objects.fileId ?? {}).length;
  for (let id = 1; id <= 300; id += 1) recorder.observe(aRequest(id), 200, { code: 'success', data: 'x', message: '' });
  await jest.advanceTimersByTimeAsync(RECORD_WRITE_EVERY_MS - 1);
  expect([existsSync(file), writes]).toEqual([false, 0]);
  let first = nextWrite();
  await jest.advanceTimersByTimeAsync(1);
  await first;
  // The writer settles after telling (a turn of the event loop), then the next change waits its turn.
  await new Promise((resolve) => setImmediate(resolve));
  recorder.observe(aRequest(301), 200, { code: 'success', data: 'x', message: '' });
  await jest.advanceTimersByTimeAsync(RECORD_WRITE_EVERY_MS - 1);
  expect([fileIds(), writes]).toEqual([300, 1]);
  first = nextWrite();
  await jest.advanceTimersByTimeAsync(1);
  await first;
  await recorder.flush();
  expect([fileIds(), writes]).toEqual([301, 2]);
});
