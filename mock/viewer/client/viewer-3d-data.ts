// The 3D viewer's data calls: over the mock's view-token data routes where the platform's SDK asks
// (`getComponentProperty`, `getFloors`, `getModelTree`), or from the geometry's element data where
// the SDK answers without asking (`getObjectDataById`, `getBoundingBoxById`, categories, family types).
import type { DataSource } from './model-data';
import { callData } from './model-data';
import { toObjectData } from './object-data';
import { refuse } from './lacking';
import type { Box } from './scene-camera';
import type { ViewerConfig } from './viewer-base';
import { Viewer3DScene } from './viewer-3d-scene';
import { describe } from './viewer-state';

export abstract class Viewer3DData extends Viewer3DScene {
  protected constructor(owner: string, config: ViewerConfig, host: HTMLElement) {
    super(owner, config, host);
  }

  /** Where this viewer's data calls go (after the model is shown). @internal */
  _dataSource(call: string): DataSource {
    if (this._shown.status !== 'shown')
      return refuse(`${this._owner}.${call}`, 'no model yet: call it after ViewAdded');
    const { model, apiHost } = this._shown;
    return { apiHost, modelId: model.modelId, viewToken: model.viewToken };
  }

  /** 3.6.x: `success(data)` with the element's properties; `failure(reason)` naming the service's code. */
  getComponentProperty(id: unknown, success: unknown, failure?: unknown): void {
    this._component('getComponentProperty(id, success, failure)', id, success, failure, (envelope) => envelope.data);
  }

  /** Shared by both generations (v3 gives the whole envelope). @internal */
  _component(
    call: string,
    id: unknown,
    success: unknown,
    failure: unknown,
    pick: Parameters<typeof callData>[4],
  ): void {
    if ((typeof id !== 'string' && typeof id !== 'number') || !/^[0-9]+$/.test(String(id)))
      refuse(`${this._owner}.${call}`, `takes an element id (a string of digits), got ${describe(id)}`);
    if (typeof success !== 'function') refuse(`${this._owner}.${call}`, `takes a callback, got ${describe(success)}`);
    callData(this._dataSource(call), `/elements/${String(id)}`, success as (value: unknown) => void, failure, pick);
  }

  /** The levels, lowest first (`includeRoom`: with their rooms). */
  getFloors(success: unknown, failure?: unknown, includeRoom?: unknown): void {
    if (typeof success !== 'function')
      refuse(`${this._owner}.getFloors(callback)`, `takes a callback, got ${describe(success)}`);
    const path = includeRoom === true ? '/floors?includeRoom=true' : '/floors';
    callData(this._dataSource('getFloors(callback)'), path, success as (value: unknown) => void, failure);
  }

  /** The model tree (floor → category → family → type). */
  getModelTree(success: unknown, failure?: unknown): void {
    if (typeof success !== 'function')
      refuse(`${this._owner}.getModelTree(callback)`, `takes a callback, got ${describe(success)}`);
    callData(this._dataSource('getModelTree(callback)'), '/tree?v=2.0', success as (value: unknown) => void, failure);
  }

  /** What the filters read of a component (its object data), at once. */
  getObjectDataById(id: unknown): Record<string, string | undefined> | null {
    const element = this._scene?.elements.get(String(id));
    return element === undefined ? null : toObjectData(element);
  }

  /** A component's box (mm, Z up), at once; null for an id the model lacks. */
  getBoundingBoxById(id: unknown): Box | null {
    const element = this._scene?.elements.get(String(id));
    return element === undefined ? null : structuredClone(element.boundingBox);
  }

  /** The model's categories `[{ categoryId, categoryName }]`, to the callback. */
  getCategories(callback: unknown): void {
    const seen = new Map<string, string>();
    for (const element of this._elements()) seen.set(element.categoryId, element.categoryName);
    this._answer(
      'getCategories(callback)',
      callback,
      [...seen].map(([categoryId, categoryName]) => ({ categoryId, categoryName })),
    );
  }

  /** Per category, its families and their types: `[{ categoryId, categoryName, families: [{ family, familyTypes }] }]`. */
  getFamilyTypes(callback: unknown): void {
    const tree = new Map<string, { categoryName: string; families: Map<string, Set<string>> }>();
    for (const element of this._elements()) {
      const category = tree.get(element.categoryId) ?? { categoryName: element.categoryName, families: new Map() };
      category.families.set(
        element.family,
        (category.families.get(element.family) ?? new Set()).add(element.familyType),
      );
      tree.set(element.categoryId, category);
    }
    const answer = [...tree].map(([categoryId, { categoryName, families }]) => ({
      categoryId,
      categoryName,
      families: [...families].map(([family, types]) => ({ family, familyTypes: [...types] })),
    }));
    this._answer('getFamilyTypes(callback)', callback, answer);
  }

  private _answer(call: string, callback: unknown, value: unknown): void {
    if (typeof callback !== 'function') refuse(`${this._owner}.${call}`, `takes a callback, got ${describe(callback)}`);
    setTimeout(() => (callback as (data: unknown) => void)(value), 0);
  }
}
