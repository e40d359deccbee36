import type { Int64 } from '../../mock/core/int64';
import type { ViewTokenRecord } from '../../mock/core/token-store';
import { toViewerData } from '../../mock/core/viewer-data';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

function aRecord(fields: Partial<ViewTokenRecord> = {}): ViewTokenRecord {
  return {
    token: 'a'.repeat(32),
    objectType: 'file',
    objectId: '10001' as Int64,
    session: '',
    name: 'model-10001.rvt',
    extension: 'rvt',
    issuedAtMs: T0,
    lastUsedAtMs: T0 + HOUR,
    uses: 1,
    ...fields,
  };
}

test('a 3D file: bimView, 3DView, the 3D SDK folder, its drawing folder in subRenders, a single model, the use and the expiry', () => {
  expect(toViewerData(aRecord(), T0 + 13 * HOUR)).toEqual({
    renderType: 'bimView',
    viewType: '3DView',
    jsSDKVersion: 'Bimface@3.6.36-standin',
    subRenders: [{ renderType: 'drawingView', jsSDKVersion: 'Drawing@1.6.34-standin' }],
    databagId: 'file-10001-databag',
    modelId: '10001',
    modelType: 'singleModel',
    name: 'model-10001.rvt',
    objectType: 'file',
    objectId: '10001',
    viewTokenUsedAt: '2026-01-01T01:00:00.000Z',
    viewTokenExpiresAt: '2026-01-01T13:00:00.000Z',
  });
});

test.each(['dwg', 'dxf', 'pdf', 'DWG'])(
  'a %s file is a drawing: drawingView and the drawing SDK folder',
  (extension) => {
    expect(toViewerData(aRecord({ extension, name: `Plan.${extension}` }), T0)).toMatchObject({
      renderType: 'drawingView',
      viewType: 'drawingView',
      jsSDKVersion: 'Drawing@1.6.34-standin',
      name: `Plan.${extension}`,
    });
  },
);

test.each(['rvt', 'ifc', 'dwgx', undefined])('extension %s opens in 3D', (extension) => {
  const { extension: _none, ...withoutExtension } = aRecord();
  expect(toViewerData(extension === undefined ? withoutExtension : aRecord({ extension }), T0).renderType).toBe(
    'bimView',
  );
});

test("a child file's modelId is the file's own id; its integration is named apart", () => {
  expect(
    toViewerData(
      aRecord({ objectType: 'childFile', objectId: '9223372036854775807' as Int64, integrateId: '42' as Int64 }),
      T0,
    ),
  ).toMatchObject({
    modelId: '9223372036854775807',
    objectId: '9223372036854775807',
    integrateId: '42',
    modelType: 'singleModel',
    databagId: 'integration-42-file-9223372036854775807-databag',
  });
});

test("an integration's modelType is integrationModel (not singleModel: the SDK takes the integration routes); it has no integrateId", () => {
  const data = toViewerData(aRecord({ objectType: 'integration', objectId: '8' as Int64, name: 'integration-8' }), T0);
  expect(data).not.toHaveProperty('integrateId');
  expect(data).toMatchObject({
    modelId: '8',
    modelType: 'integrationModel',
    renderType: 'bimView',
    databagId: 'integration-8-databag',
  });
});

test('a comparison or scene has no modelType', () => {
  for (const objectType of ['comparison', 'scene', 'submodel'] as const)
    expect(toViewerData(aRecord({ objectType, objectId: '8' as Int64 }), T0)).not.toHaveProperty('modelType');
});

test('a token never used yet reports its issue as the last use', () => {
  expect(toViewerData(aRecord({ lastUsedAtMs: null }), T0 + 12 * HOUR).viewTokenUsedAt).toBe(
    '2026-01-01T00:00:00.000Z',
  );
});
