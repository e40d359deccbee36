// The platform loader's rules, as documented (viewer-sdk.md §2 and §4), kept pure so both the
// stand-in loader and its tests use them: which SDK folder, which options, what the page gets.

/** `BimfaceSDKLoaderConfig()` and what a page sets on it. */
export interface LoaderConfig {
  staticHost: string;
  APIHost: string;
  language: string;
  viewToken: string | null;
  configuration: string;
  dataEnvType: string;
  viewType: string;
  visualStyle?: string;
  version: string;
  build?: string;
  path?: string;
  resourcePath?: string;
  sdkPath?: string;
  [other: string]: unknown;
}

/** The viewer data's `data`, as the loader passes it on. */
export type Metadata = Record<string, unknown>;

/** What a loader passes to `postProcessing` (the served bimface.index.js defines it). */
export interface Configurations {
  metadata: Metadata;
  /** The loader's options; `staticHost` already ends in `/Glodon`, `configuration` is '' or `-debug`. */
  options: LoaderConfig;
  successCb: (metadata: Metadata) => void;
  sdkVersion: string;
  uiVersion?: string;
}

/**
 * The SDK folder (and the UI one): a `config.version` like `3.6.100` picks `Bimface@3.6.100` (minor 6,
 * patch below 143) or the bare version; a Debug build the `Bimface`/`Application` folders; a forced
 * drawing view on a model that is not a drawing the `drawingView` entry of `subRenders` (else the
 * config's version); otherwise the metadata's `jsSDKVersion`.
 * @example toFolders({ jsSDKVersion: 'Bimface@3.6.36-standin' }, config) // { sdk: 'Bimface@3.6.36-standin', ui: 'Bimface@3.6.36-standin' }
 */
export function toFolders(metadata: Metadata, config: LoaderConfig): { sdk: string; ui: string } {
  const version = typeof config.version === 'string' ? config.version : '';
  if (/^\d+\.\d+\.\d+/.test(version) && Number(version.split('.')[0]) >= 3) {
    const [, minor, patch] = version.split('.');
    const folder = minor === '6' && Number.parseInt(patch ?? '', 10) < 143 ? `Bimface@${version}` : version;
    return { sdk: folder, ui: folder };
  }
  if (config.build === 'Debug') return { sdk: 'Bimface', ui: 'Application' };
  if (config.viewType === 'drawingView' && metadata.renderType !== 'drawingView') {
    const subRenders = Array.isArray(metadata.subRenders) ? (metadata.subRenders as Metadata[]) : [];
    const drawing = subRenders.find((entry) => entry.renderType === 'drawingView');
    const folder = typeof drawing?.jsSDKVersion === 'string' ? drawing.jsSDKVersion : version;
    return { sdk: folder, ui: folder };
  }
  const folder = String(metadata.jsSDKVersion ?? '');
  return { sdk: folder, ui: folder };
}

/** The options `postProcessing` gets: `staticHost` with `/Glodon`, `configuration` '' (Release, or a Debug build) or `-debug`. */
export function toLoaderOptions(config: LoaderConfig): LoaderConfig {
  const plain = config.build === 'Debug' || config.configuration === 'Release' || !config.configuration;
  return {
    ...config,
    staticHost: `${config.staticHost}/Glodon`,
    configuration: plain ? '' : `-${config.configuration.toLowerCase()}`,
  };
}

/** What the page's success callback gets: the loader's own fields, then every field of the metadata over them. */
export function toSuccessPayload(metadata: Metadata, config: LoaderConfig): Metadata {
  const viewType = metadata.renderType === 'bimView' ? '3DView' : metadata.renderType;
  return {
    dataEnvType: config.dataEnvType,
    viewToken: config.viewToken,
    staticHost: config.staticHost,
    APIHost: config.APIHost,
    viewType,
    ...metadata,
  };
}
