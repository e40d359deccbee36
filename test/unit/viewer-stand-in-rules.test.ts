import { EVENT_ENUMS, ListenerStore } from '../../mock/viewer/client/events';
import { StandInLacksError, withLoudMembers, withLoudMethods } from '../../mock/viewer/client/lacking';
import type { LoaderConfig } from '../../mock/viewer/client/loader-rules';
import { toFolders, toLoaderOptions, toSuccessPayload } from '../../mock/viewer/client/loader-rules';

// The stand-in's rules that need no browser: the platform loader's folder choice, loud names, events.
const aConfig = (fields: Partial<LoaderConfig> = {}): LoaderConfig => ({
  staticHost: 'http://127.0.0.1:4010/api',
  APIHost: 'http://127.0.0.1:4010',
  language: 'zh_CN',
  viewToken: 'a'.repeat(32),
  configuration: 'Release',
  dataEnvType: 'BIMFACE',
  viewType: 'Normal',
  version: '',
  ...fields,
});
const MODEL = {
  renderType: 'bimView',
  jsSDKVersion: 'Bimface@3.6.36-standin',
  subRenders: [{ renderType: 'drawingView', jsSDKVersion: 'Drawing@1.6.34-standin' }],
};

test.each([
  ["the metadata's jsSDKVersion", MODEL, aConfig(), 'Bimface@3.6.36-standin'],
  [
    'a forced drawing view: the drawing entry of subRenders',
    MODEL,
    aConfig({ viewType: 'drawingView' }),
    'Drawing@1.6.34-standin',
  ],
  [
    "a forced drawing view without subRenders: the config's version (empty)",
    { renderType: 'bimView', jsSDKVersion: 'Bimface@x' },
    aConfig({ viewType: 'drawingView' }),
    '',
  ],
  [
    'a drawing: its own jsSDKVersion',
    { renderType: 'drawingView', jsSDKVersion: 'Drawing@1.6.34-standin' },
    aConfig({ viewType: 'drawingView' }),
    'Drawing@1.6.34-standin',
  ],
  ['config.version 3.6.142: Bimface@3.6.142', MODEL, aConfig({ version: '3.6.142' }), 'Bimface@3.6.142'],
  ['config.version 3.6.143: the bare version', MODEL, aConfig({ version: '3.6.143' }), '3.6.143'],
  ['config.version 2.9.1: ignored', MODEL, aConfig({ version: '2.9.1' }), 'Bimface@3.6.36-standin'],
  ['a Debug build: Bimface', MODEL, aConfig({ build: 'Debug' }), 'Bimface'],
])('the SDK folder: %s', (_case, metadata, config, folder) => {
  expect(toFolders(metadata, config).sdk).toBe(folder);
});

test.each([
  [{ configuration: 'Release' }, ''],
  [{ configuration: 'Debug' }, '-debug'],
  [{ configuration: 'Debug', build: 'Debug' }, ''],
])('postProcessing gets staticHost with /Glodon and configuration %j → %j', (fields, suffix) => {
  expect(toLoaderOptions(aConfig(fields))).toMatchObject({
    staticHost: 'http://127.0.0.1:4010/api/Glodon',
    configuration: suffix,
  });
});

test("the success payload: the loader's fields, then every metadata field over them (3DView for bimView)", () => {
  expect(toSuccessPayload({ ...MODEL, name: 'a.rvt', APIHost: 'from-data' }, aConfig())).toEqual({
    dataEnvType: 'BIMFACE',
    viewToken: 'a'.repeat(32),
    staticHost: 'http://127.0.0.1:4010/api',
    APIHost: 'from-data',
    viewType: '3DView',
    ...MODEL,
    name: 'a.rvt',
  });
  expect(toSuccessPayload({ renderType: 'drawingView' }, aConfig()).viewType).toBe('drawingView');
});

class Viewer {
  render(): string {
    return 'rendered';
  }
}

test('a method the stand-in lacks throws when called, naming it, the nearest and what there is', () => {
  const viewer = withLoudMethods(new Viewer(), 'Glodon.Bimface.Viewer.Viewer3D') as Viewer &
    Record<string, () => unknown>;
  expect(viewer.render()).toBe('rendered');
  expect(() => viewer.rendr?.()).toThrow(
    new StandInLacksError(
      "view-token-mock's viewer SDK stand-in lacks Viewer3D.rendr() (did you mean render?). It has: render. See docs/guides/front-end-viewer.md.",
    ),
  );
  expect(() => viewer.getModel?.()).toThrow(
    /^view-token-mock's viewer SDK stand-in lacks Viewer3D\.getModel\(\)\. It has: render\./,
  );
});

test.each(['then', 'toJSON', '__v_isRef', '_private', '$el', 'nodeType'])(
  '%s reads undefined, as on a plain object (promises, Vue, JSON are not confused)',
  (name) => {
    expect((withLoudMethods(new Viewer(), 'Viewer3D') as unknown as Record<string, unknown>)[name]).toBeUndefined();
  },
);

test('awaiting a loud object gives the object, and symbols read through', async () => {
  const viewer = withLoudMethods(new Viewer(), 'Viewer3D');
  expect(await Promise.resolve(viewer)).toBe(viewer);
  expect((viewer as unknown as Record<symbol, unknown>)[Symbol.toStringTag]).toBeUndefined();
});

test('a namespace or enum name the stand-in lacks throws on reading it; event values equal their keys', () => {
  const events = EVENT_ENUMS.Viewer3DEvent as Record<string, string>;
  expect(events.ViewAdded).toBe('ViewAdded');
  expect(Object.entries(events).every(([key, value]) => key === value)).toBe(true);
  expect(events.ModelAdded).toBe('ModelAdded');
  expect(() => events.WalkthroughStarted).toThrow(
    /^view-token-mock's viewer SDK stand-in lacks Glodon\.Bimface\.Viewer\.Viewer3DEvent\.WalkthroughStarted\. It has: ViewAdded, ViewLoading,/,
  );
  const namespace = withLoudMembers({ Viewer3D: 1 }, 'Glodon.Bimface.Viewer') as Record<string, unknown>;
  expect(() => namespace.Viewer3d).toThrow(
    "view-token-mock's viewer SDK stand-in lacks Glodon.Bimface.Viewer.Viewer3d (did you mean Viewer3D?). It has: Viewer3D. See docs/guides/front-end-viewer.md.",
  );
  expect(namespace.toJSON).toBeUndefined();
});

test('a listener store refuses an event name the viewer does not have, naming the nearest, and delivers the rest', () => {
  const store = new ListenerStore(['ViewAdded', 'Error'], 'Viewer3D');
  const heard: unknown[] = [];
  store.add('ViewAdded', (payload: unknown) => heard.push(payload));
  expect(() => store.add('ViewAded', () => undefined)).toThrow(
    new TypeError(
      "Viewer3D.addEventListener('ViewAded', …): not an event of this viewer (did you mean ViewAdded?); use one of ViewAdded, Error (view-token-mock's viewer SDK stand-in)",
    ),
  );
  expect(() => store.add(undefined, () => undefined)).toThrow(
    /^Viewer3D\.addEventListener\(undefined, …\): not an event of this viewer; use one of ViewAdded, Error/,
  );
  expect(() => store.add('Error', 'not a function')).toThrow(
    "Viewer3D.addEventListener('Error', …): the listener must be a function (view-token-mock's viewer SDK stand-in)",
  );
  store.emit('ViewAdded', 'viewer');
  store.emit('Error', 'ignored: nobody listens');
  expect(heard).toEqual(['viewer']);
});
