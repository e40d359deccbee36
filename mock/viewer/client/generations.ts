// Which SDK generation each of the stand-in's names belongs to, for its coverage table: v3 pages
// load models with `loadModel`, hear `ModelAdded` and work on `getModel(modelId)`; 3.6.x pages call
// the same component and data methods on the viewer, which v3 viewers keep.

/** Viewer3D methods only the v3 SDK has. */
export const V3_ONLY_METHODS: readonly string[] = ['loadModel', 'getModel', 'getModels', 'getCamera'];

/** Events only the v3 SDK fires. */
export const V3_ONLY_EVENTS: readonly string[] = ['ModelAdded', 'SelectionChangedInModel'];
