import { createSeededRandom, randomHex, randomUuid } from '../../mock/core/random-source';
import { MAX_SESSION_LENGTH, checkSessionLength } from '../../mock/core/session-limit';
import type { ViewTokenRecord } from '../../mock/core/token-store';
import { VIEWER_SDK_FOLDERS, toViewerData } from '../../mock/core/viewer-data';

test('--seed 1 gives the same View Tokens in every release: a QA run recorded once replays after an upgrade', () => {
  const random = createSeededRandom(1);
  expect(randomHex(random, 16)).toBe('e2440b233d0a77dc7ca37896e6dfbfd2');
  expect(randomHex(createSeededRandom(0), 3)).toBe('c030a9');
});

test('a seed is taken as an unsigned 32-bit number: 2^32 + 1 is seed 1', () => {
  expect(randomHex(createSeededRandom(2 ** 32 + 1), 16)).toBe(randomHex(createSeededRandom(1), 16));
});

test('bytes are filled four from each draw, the last draw cut to what is left', () => {
  const seven = new Uint8Array(7);
  createSeededRandom(42).fill(seven);
  expect([...seven]).toEqual([237, 7, 29, 233, 73, 189, 72]);
  const eight = new Uint8Array(8);
  createSeededRandom(42).fill(eight);
  expect([...eight.slice(0, 7)]).toEqual([...seven]);
});

test('random hex is two lower-case digits per byte, zero-padded', () => {
  const bytes = [0x00, 0x0f, 0xa0, 0xff];
  const fixed = { fill: (into: Uint8Array) => into.set(bytes.slice(0, into.length)) };
  expect(randomHex(fixed, 4)).toBe('000fa0ff');
  expect(randomHex(fixed, 0)).toBe('');
});

test("an Access Token's UUID is version 4 with the RFC 4122 variant, from the random source", () => {
  expect(randomUuid(createSeededRandom(1))).toBe('e2440b23-3d0a-47dc-bca3-7896e6dfbfd2');
  const zeros = { fill: (into: Uint8Array) => into.fill(0) };
  const ones = { fill: (into: Uint8Array) => into.fill(0xff) };
  expect(randomUuid(zeros)).toBe('00000000-0000-4000-8000-000000000000');
  expect(randomUuid(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
});

const aRecord = (fields: Partial<ViewTokenRecord> = {}): ViewTokenRecord => ({
  token: 't',
  objectType: 'file',
  objectId: '42' as never,
  session: '',
  name: 'Tower.rvt',
  extension: 'rvt',
  issuedAtMs: 0,
  lastUsedAtMs: null,
  uses: 0,
  ...fields,
});

test("the viewer's data for a model file: a BIM view of the file, and when its View Token expires", () => {
  expect(toViewerData(aRecord(), Date.parse('2026-01-01T12:00:00Z'))).toStrictEqual({
    renderType: 'bimView',
    viewType: '3DView',
    jsSDKVersion: 'Bimface@3.6.36-standin',
    subRenders: [{ renderType: 'drawingView', jsSDKVersion: 'Drawing@1.6.34-standin' }],
    databagId: 'file-42-databag',
    modelId: '42',
    modelType: 'singleModel',
    name: 'Tower.rvt',
    objectType: 'file',
    objectId: '42',
    viewTokenUsedAt: '1970-01-01T00:00:00.000Z',
    viewTokenExpiresAt: '2026-01-01T12:00:00.000Z',
  });
  expect(VIEWER_SDK_FOLDERS).toEqual({ bimView: 'Bimface@3.6.36-standin', drawingView: 'Drawing@1.6.34-standin' });
});

test.each([
  ['dwg', 'drawingView'],
  ['dxf', 'drawingView'],
  ['pdf', 'drawingView'],
  ['rvt', 'bimView'],
  ['ifc', 'bimView'],
  [undefined, 'bimView'],
])('a file with extension %j opens in the %s', (extension, renderType) => {
  const { extension: _dropped, ...withoutExtension } = aRecord();
  expect(toViewerData(extension === undefined ? withoutExtension : aRecord({ extension }), 0).renderType).toBe(
    renderType,
  );
});

test("a child file's data names the file as its model and keeps its integration", () => {
  expect(
    toViewerData(aRecord({ objectType: 'childFile', objectId: '7' as never, integrateId: '3' as never }), 0),
  ).toMatchObject({
    databagId: 'integration-3-file-7-databag',
    modelId: '7',
    modelType: 'singleModel',
    objectType: 'childFile',
    objectId: '7',
    integrateId: '3',
  });
});

test.each([
  ['', undefined],
  ['x'.repeat(128), undefined],
  ['é'.repeat(128), undefined],
  ['🙂'.repeat(128), undefined],
  ['x'.repeat(129), 'X-Mock-Session is 129 characters long; the mock accepts at most 128.'],
  ['🙂'.repeat(129), 'X-Mock-Session is 129 characters long; the mock accepts at most 128.'],
])(
  'a session of %j is refused only past 128 characters (counted as characters, not UTF-16 units)',
  (session, refusal) => {
    expect(MAX_SESSION_LENGTH).toBe(128);
    expect(checkSessionLength(session)).toBe(refusal);
  },
);

test('filling in parts gives the same bytes as filling at once: no draw is wasted at a multiple of four', () => {
  const parts = createSeededRandom(5);
  const first = new Uint8Array(8);
  const second = new Uint8Array(4);
  parts.fill(first);
  parts.fill(second);
  const whole = new Uint8Array(12);
  createSeededRandom(5).fill(whole);
  expect([...first, ...second]).toEqual([...whole]);
});
