// The stand-in of the platform's JS loader, served at /api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js
// for pages that cannot load the platform's loader from its CDN (offline tests). Written from its
// documented behaviour: `BimfaceSDKLoaderConfig`, `BimfaceSDKLoader.load`, `window.hostConfig`, the
// SDK folder chosen from the metadata, `bimface.index.js` then `postProcessing`.
import './globals';
import type { ViewFailure } from './databag';
import type { HostConfig } from './globals';
import { refuse } from './lacking';
import type { LoaderConfig, Metadata } from './loader-rules';
import { toFolders, toLoaderOptions, toSuccessPayload } from './loader-rules';
import { SCRIPT_BASE } from './script-base';
import { loadFile } from './script-loading';
import { describe } from './viewer-state';

/** The hosts: `window.hostConfig` wholesale when the page set one, else the mock that served this loader. */
function hosts(): HostConfig {
  const base = SCRIPT_BASE ?? window.location.origin;
  return window.hostConfig ?? { APIHost: base, staticHost: base, resourceHost: base, dataEnvType: 'BIMFACE' };
}

window.BimfaceConfigrationOption = Object.freeze({ Release: 'Release', Debug: 'Debug' });
window.BimfaceViewTypeOption = Object.freeze({ Normal: 'Normal', DrawingView: 'drawingView' });
window.BimfaceEnvOption = Object.freeze({ BIMFACE: 'BIMFACE', Local: 'Local' });
window.BimfaceLanguageOption = Object.freeze({ zh_CN: 'zh_CN', en_GB: 'en_GB', sv_SE: 'sv_SE' });

window.BimfaceSDKLoaderConfig = function BimfaceSDKLoaderConfig(): LoaderConfig {
  const host = hosts();
  return {
    staticHost: `${host.staticHost ?? ''}/api`,
    APIHost: host.APIHost ?? '',
    language: 'zh_CN',
    viewToken: null,
    configuration: 'Release',
    dataEnvType: host.dataEnvType ?? 'BIMFACE',
    viewType: 'Normal',
    visualStyle: 'Bake',
    version: '',
  };
};

const failure = (status: number, code: string, message: string, url: string): ViewFailure => ({
  status,
  code,
  message,
  data: null,
  url,
});

/** The viewer data for the config's token: its `data`, or why not (the envelope and the status). */
async function fetchMetadata(config: LoaderConfig): Promise<Metadata> {
  const url = `${config.APIHost}/inside/databag?viewToken=${encodeURIComponent(String(config.viewToken))}`;
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw failure(0, 'network.error', `GET ${url} got no answer (${String(error)})`, url);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown; data?: unknown };
  if (response.ok && body.code === 'success' && typeof body.data === 'object' && body.data !== null)
    return body.data as Metadata;
  const message = typeof body.message === 'string' ? body.message : '';
  // As the platform's loader: a 2xx that is not a success is logged; other statuses are not.
  if (response.ok && message !== '') console.error(`[BIMFACE ERROR]: ${message}`);
  throw failure(response.status, typeof body.code === 'string' ? body.code : 'unexpected.answer', message, url);
}

/** Refuses, as it is called, what the stand-in loader cannot do. */
function checkConfig(config: unknown): asserts config is LoaderConfig {
  const call = 'BimfaceSDKLoader.load(config, success, failure)';
  if (typeof config !== 'object' || config === null)
    refuse(call, `takes new BimfaceSDKLoaderConfig(), got ${describe(config)}`);
  for (const local of ['path', 'resourcePath', 'sdkPath']) {
    if ((config as Record<string, unknown>)[local])
      refuse(
        call,
        `the stand-in loader opens models on the mock (APIHost and viewToken); config.${local} (local data) is not supported`,
      );
  }
}

async function load(config: LoaderConfig): Promise<Metadata> {
  window.BimfaceLoaderConfig = config;
  if (typeof config.viewToken !== 'string' || config.viewToken === '')
    throw failure(0, 'parameter.invalid', 'config.viewToken is empty: set it to the View Token your back end got', '');
  const metadata = await fetchMetadata(config);
  const options = toLoaderOptions(config);
  const { sdk, ui } = toFolders(metadata, config);
  const index = `${options.staticHost}/${sdk}/bimface.index.js`;
  window.BimfaceLoaderConfig.fullStaticHost = `${options.staticHost}/${sdk}`;
  const postProcessing = (await loadFile(index)) ? window.postProcessing : undefined;
  if (postProcessing === undefined)
    throw failure(
      404,
      'loader.error',
      `${index} did not load (the mock serves the SDK folders its viewer data names)`,
      index,
    );
  return new Promise((resolve) =>
    postProcessing({
      metadata,
      options,
      successCb: (loaded) => resolve(toSuccessPayload(loaded, config)),
      sdkVersion: sdk,
      uiVersion: ui,
    }),
  );
}

window.BimfaceSDKLoader = {
  Version: 'view-token-mock stand-in',
  /**
   * With callbacks: `success(metadata)`, or `failure(error)` with the service's envelope and the
   * HTTP status (the platform's loader passes nothing); without callbacks: a Promise.
   */
  load(config, success, failed) {
    checkConfig(config);
    const loading = load(config);
    if (success === undefined && failed === undefined) return loading;
    loading.then(
      (metadata) => success?.(metadata),
      (error: unknown) => failed?.(error),
    );
    return undefined;
  },
};
