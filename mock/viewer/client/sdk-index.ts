// bimface.index.js of the stand-in's SDK folders. The platform's loader loads it first, then calls
// the global `postProcessing` with the metadata and its options; this one loads the folder's files
// (the lists the platform's loaders use) and hands the metadata to the loader's success callback.
import './globals';
import type { Configurations } from './loader-rules';
import { loadInOrder } from './script-loading';

/** The files of the bundle the metadata asks for: the drawing one for a drawing or a forced drawing view, else the 3D one. */
export function toModuleList({ metadata, options, sdkVersion, uiVersion }: Configurations): string[] {
  const suffix = options.configuration ?? '';
  const common = [
    `/${sdkVersion}/${options.language ?? 'zh_CN'}.js`,
    `/${uiVersion ?? sdkVersion}/Application${suffix}.js`,
  ];
  const drawing = metadata.renderType === 'drawingView' || options.viewType === 'drawingView';
  const own = drawing
    ? ['Drawing.css', 'bimface.bufferfly.js', `Drawing${suffix}.js`]
    : ['Bimface.css', 'thirdparty.js', 'lib/loaders/BimTilesLoader.js', `Bimface${suffix}.js`];
  return [...common, ...own.map((file) => `/${sdkVersion}/${file}`)].map((file) => `${options.staticHost}${file}`);
}

window.postProcessing = (configurations) => {
  void loadInOrder(toModuleList(configurations)).then((failed) => {
    // The platform's loader goes on regardless (the page then meets `Glodon is not defined`); say why first.
    if (failed.length > 0)
      console.error(`[view-token-mock stand-in] these SDK files did not load: ${failed.join(', ')}`);
    const { metadata } = configurations;
    metadata.databagId = String(metadata.databagId);
    configurations.successCb(metadata);
  });
};
