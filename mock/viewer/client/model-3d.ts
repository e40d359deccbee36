// The v3 model object (`viewer3D.getModel(modelId)`): the component and data methods a v3 page calls
// on it, the same behaviour as the 3.6.x methods on the viewer, on its own model's components alone
// (a viewer may show several models).
// `getComponentProperty` hands its callback the whole envelope `{code, message, data}`, as the v3
// guide documents; the 3.6.x viewer method hands `data`.
import { withLoudMethods } from './lacking';
import type { callData } from './model-data';

/** The viewer methods a model object answers with the viewer's own behaviour. */
export const MODEL_METHODS = [
  'setSelectedComponentsById',
  'addSelectedComponentsById',
  'clearSelectedComponents',
  'getSelectedComponents',
  'overrideComponentsColorById',
  'overrideComponentsColorByObjectData',
  'restoreComponentsColorById',
  'restoreComponentsColorByObjectData',
  'clearOverrideColorComponents',
  'hideComponentsById',
  'hideComponentsByObjectData',
  'hideAllComponents',
  'showComponentsById',
  'showComponentsByObjectData',
  'showAllComponents',
  'isolateComponentsById',
  'isolateComponentsByObjectData',
  'clearIsolation',
  'transparentComponentsById',
  'transparentComponentsByObjectData',
  'transparentAllComponents',
  'opaqueComponentsById',
  'opaqueComponentsByObjectData',
  'opaqueAllComponents',
  'addBlinkComponentsById',
  'setBlinkColor',
  'setBlinkIntervalTime',
  'clearAllBlinkComponents',
  'zoomToSelectedComponents',
  'zoomToComponentsById',
  'getFloors',
  'getModelTree',
  'getObjectDataById',
  'getBoundingBoxById',
  'getCategories',
  'getFamilyTypes',
] as const;

/** What a model object needs of its viewer (viewer-3d.ts checks the viewer has every MODEL_METHODS name). */
interface ModelOwner {
  _component(call: string, id: unknown, success: unknown, failure: unknown, pick: Parameters<typeof callData>[4]): void;
  _inModel<T>(modelId: string, call: () => T): T;
}

type Method = (...args: unknown[]) => unknown;

// The delegated methods are put on the prototype below; this declaration gives them their types.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Model3D extends Record<(typeof MODEL_METHODS)[number], Method> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Model3D {
  constructor(
    private readonly _viewer: ModelOwner,
    private readonly _modelId: string,
  ) {
    return withLoudMethods(this, 'Glodon.Bimface.Model.Model3D');
  }

  /** The id `ModelAdded` gave. */
  getId(): string {
    return this._modelId;
  }

  /** v3: `success({ code, message, data })`, the envelope as the v3 guide shows it. */
  getComponentProperty(id: unknown, success: unknown, failure?: unknown): void {
    this._viewer._inModel(this._modelId, () =>
      this._viewer._component(
        'getComponentProperty(id, success, failure)',
        id,
        success,
        failure,
        (envelope) => envelope,
      ),
    );
  }
}

for (const name of MODEL_METHODS) {
  Object.defineProperty(Model3D.prototype, name, {
    value: function (this: { _viewer: ModelOwner; _modelId: string }, ...args: unknown[]) {
      const viewer = this._viewer as unknown as Record<string, (...given: unknown[]) => unknown>;
      return this._viewer._inModel(this._modelId, () => viewer[name]?.(...args));
    },
    writable: true,
    configurable: true,
  });
}
