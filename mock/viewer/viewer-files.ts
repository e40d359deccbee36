// Which files the mock serves as the platform loader's static host, with their content types, and
// what a miss says. Pure (no Node, no Express): the Express and the MSW handlers both answer from it.
import { findNearestName } from '../core/near-miss';
import type { StaticOperationId } from '../core/routing/route-table';
import { VIEWER_SDK_FOLDERS } from '../core/viewer-data';
import { STAND_IN_SOURCES } from './generated/stand-in-files';

const JAVASCRIPT = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
export const PLAIN_TEXT = 'text/plain; charset=utf-8';

/** The spec's operations of the static host (spec/mock.openapi.yaml, `x-area: static`). */

export type ViewerFileAnswer =
  | { kind: 'file'; contentType: string; body: string }
  /** `message` names the file and what is there; `nearest` is the path meant, when one is close. */
  | { kind: 'missing'; message: string; nearest?: string };

/** A file built into dist/ rather than embedded (three.js, ~640 kB): the server reads it, MSW does not have it. */
const BUILT_THIRDPARTY = { built: 'thirdparty.js' } as const;

const NO_THIRDPARTY =
  "/* view-token-mock's viewer stand-in: thirdparty.js (three.js) is built into dist/mock/viewer/ by `npm run build` and served by the mock's server; it is not here (MSW, or a checkout not built), so the 3D viewer shows the model without a picture. */\n";

type Served = readonly [contentType: string, body: string | typeof BUILT_THIRDPARTY];

/** Reads a file the build wrote into dist/ (the server's way); undefined where there is none. */
export type BuiltFileReader = (file: 'thirdparty.js') => string | undefined;

const nothingToDo = (file: string): Served => [
  JAVASCRIPT,
  `/* view-token-mock's viewer SDK stand-in: ${file} has nothing to do here (Application.js holds the stand-in). */\n`,
];
const standIn: Served = [JAVASCRIPT, STAND_IN_SOURCES.standIn];
const LANGUAGES = ['zh_CN.js', 'en_GB.js', 'sv_SE.js'];

/** What both folders have: the index the loader runs first, the language files, the application bundle. */
function commonFiles(): Record<string, Served> {
  return {
    'bimface.index.js': [JAVASCRIPT, STAND_IN_SOURCES.sdkIndex],
    ...Object.fromEntries(LANGUAGES.map((file) => [file, nothingToDo(file)])),
    'Application.js': standIn,
    'Application-debug.js': standIn,
  };
}

/** Each folder's files: what the platform's loaders ask for in it (the 3D bundle; the drawing bundle). */
const FOLDERS: Readonly<Record<string, Readonly<Record<string, Served>>>> = {
  [VIEWER_SDK_FOLDERS.bimView]: {
    ...commonFiles(),
    'Bimface.css': [CSS, STAND_IN_SOURCES.stylesheet],
    'thirdparty.js': [JAVASCRIPT, BUILT_THIRDPARTY],
    'lib/loaders/BimTilesLoader.js': nothingToDo('lib/loaders/BimTilesLoader.js'),
    'Bimface.js': standIn,
    'Bimface-debug.js': standIn,
  },
  [VIEWER_SDK_FOLDERS.drawingView]: {
    ...commonFiles(),
    'Drawing.css': [CSS, STAND_IN_SOURCES.stylesheet],
    // Not in the drawing loader's list: for a 3D viewer on a page whose stand-in came from this folder.
    'thirdparty.js': [JAVASCRIPT, BUILT_THIRDPARTY],
    'bimface.bufferfly.js': nothingToDo('bimface.bufferfly.js'),
    'Drawing.js': standIn,
    'Drawing-debug.js': standIn,
  },
};

/** Where the loader stand-in is, as on the platform's CDN (`/api/BimfaceSDKLoader/…`). */
const LOADER_PATH = '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js';

/** Where each operation's files are: the folder prefix as the spec's path writes it, and the sub-folder of `{file}`. */
const PLACE_OF = {
  getViewerSdkFile: { prefix: '/Glodon/', under: '' },
  getViewerSdkLibFile: { prefix: '/Glodon/', under: 'lib/loaders/' },
  getViewerSdkFileUnderApi: { prefix: '/api/Glodon/', under: '' },
  getViewerSdkLibFileUnderApi: { prefix: '/api/Glodon/', under: 'lib/loaders/' },
  getViewerSdkLoader: { prefix: '/api/BimfaceSDKLoader/', under: '' },
} as const satisfies Record<StaticOperationId, { prefix: string; under: string }>;

/**
 * The file a static-host operation names (its path parameters as the route table matched and decoded
 * them), or what is missing, with `path` (as requested) in the message.
 * @example lookUpViewerFile('getViewerSdkFileUnderApi', { version: 'Bimface@3.6.36-standin', file: 'Application.js' }, path) // { kind: 'file', contentType: 'application/javascript; charset=utf-8', body: '/* view-token-mock: …' }
 */
export function lookUpViewerFile(
  operationId: StaticOperationId,
  params: Readonly<Record<string, string>>,
  path: string,
  readBuilt: BuiltFileReader = () => undefined,
): ViewerFileAnswer {
  const { prefix, under } = PLACE_OF[operationId];
  if (operationId === 'getViewerSdkLoader') {
    if (`${prefix}${params.file ?? ''}` === LOADER_PATH)
      return { kind: 'file', contentType: JAVASCRIPT, body: STAND_IN_SOURCES.loader };
    return missing(path, 'one loader file', 'It is', [LOADER_PATH], LOADER_PATH);
  }
  const folder = params.version ?? '';
  const file = `${under}${params.file ?? ''}`;
  // Own names only: `__proto__` is no folder (it named Object.prototype, whose `constructor` was served as a file).
  const files = Object.hasOwn(FOLDERS, folder) ? FOLDERS[folder] : undefined;
  if (files === undefined) {
    // `Bimface@3.6.36` (a page's config.version) means the 3D folder; a typo, the nearest name.
    const family = folder.includes('@')
      ? Object.keys(FOLDERS).find((name) => name.startsWith(folder.slice(0, folder.indexOf('@') + 1)))
      : undefined;
    const nearest = family ?? findNearestName(folder, Object.keys(FOLDERS));
    return missing(
      path,
      `no folder "${folder}"`,
      'Its folders (the jsSDKVersion values of /inside/databag) are',
      Object.keys(FOLDERS).map((name) => `${prefix}${name}/`),
      nearest === undefined ? undefined : `${prefix}${nearest}/${file}`,
    );
  }
  const served = Object.hasOwn(files, file) ? files[file] : undefined;
  const [contentType, content] = served ?? [];
  if (contentType !== undefined && typeof content === 'string') return { kind: 'file', contentType, body: content };
  if (contentType !== undefined && typeof content === 'object') {
    // Without the build's file (MSW in a browser, an unbuilt checkout) a script that says so: the 3D
    // viewer then shows the model without a picture, and the page's loader meets no failed file.
    const body = readBuilt(content.built) ?? NO_THIRDPARTY;
    return { kind: 'file', contentType, body };
  }
  const nearest = findNearestName(file, Object.keys(files));
  return missing(
    path,
    `no file "${file}" in ${folder}`,
    'That folder has',
    Object.keys(files),
    nearest === undefined ? undefined : `${prefix}${folder}/${nearest}`,
  );
}

function missing(
  path: string,
  reason: string,
  label: string,
  known: readonly string[],
  nearest: string | undefined,
): ViewerFileAnswer {
  const hint = nearest === undefined ? '' : ` Did you mean ${nearest}?`;
  const message = `404 Not Found: ${path}\nview-token-mock's viewer SDK stand-in has ${reason}. ${label}: ${known.join(', ')}.${hint}\n`;
  return nearest === undefined ? { kind: 'missing', message } : { kind: 'missing', message, nearest };
}
