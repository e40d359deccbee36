// The 3D viewer's data calls: over the mock's view-token data routes where the platform's SDK asks
// (`getComponentProperty`, `getFloors`, `getModelTree`; an integrated model's routes for its
// components `fileId.elementId`), or from the geometry's element data where the SDK answers without
// asking (`getObjectDataById`, `getBoundingBoxById`, categories, family types). With several models
// shown, a call goes to the model object's model, or to the model holding the component.
import type { DataSource } from './model-data';
import { callData } from './model-data';
import { toObjectData } from './object-data';
import { refuse } from './lacking';
import type { Box } from './scene-camera';
import type { ViewerConfig } from './viewer-base';
import type { LoadedModel } from './viewer-3d-scene';
import { Viewer3DScene } from './viewer-3d-scene';
import { describe } from './viewer-state';

export abstract class Viewer3DData extends Viewer3DScene {
  protected constructor(owner: string, config: ViewerConfig, host: HTMLElement) {
    super(owner, config, host);
  }

  /** The model a data call is about: the model object's, the one holding `objectId`, else the first shown. */
  private _modelFor(call: string, objectId?: string): LoadedModel {
    const holder =
      objectId === undefined ? undefined : this._elements().find((element) => element.objectId === objectId)?.modelId;
    const model =
      this._scopeModel() ?? this._models.find((candidate) => candidate.modelId === holder) ?? this._models[0];
    return model ?? refuse(`${this._owner}.${call}`, 'no model yet: call it after ViewAdded');
  }

  /** Where a data call goes. @internal */
  _dataSource(call: string, objectId?: string): DataSource {
    const { apiHost, opened, integration } = this._modelFor(call, objectId);
    return { apiHost, modelId: opened.modelId, viewToken: opened.viewToken, integration };
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
    const objectId = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
    const source = this._dataSource(call, objectId);
    const shape = source.integration ? /^[0-9]+\.[0-9]+$/ : /^[0-9]+$/;
    if (!shape.test(objectId))
      refuse(
        `${this._owner}.${call}`,
        source.integration
          ? `takes a component id of an integrated model, fileId.elementId (e.g. '10001.310019'), got ${describe(id)}`
          : `takes an element id (a string of digits), got ${describe(id)}`,
      );
    if (typeof success !== 'function') refuse(`${this._owner}.${call}`, `takes a callback, got ${describe(success)}`);
    callData(source, { kind: 'element', objectId }, success as (value: unknown) => void, failure, pick);
  }

  /** The levels, lowest first (`includeRoom`: with their rooms). */
  getFloors(success: unknown, failure?: unknown, includeRoom?: unknown): void {
    if (typeof success !== 'function')
      refuse(`${this._owner}.getFloors(callback)`, `takes a callback, got ${describe(success)}`);
    const floors = { kind: 'floors', includeRoom: includeRoom === true } as const;
    callData(this._dataSource('getFloors(callback)'), floors, success as (value: unknown) => void, failure);
  }

  /** The model tree (floor → category → family → type). */
  getModelTree(success: unknown, failure?: unknown): void {
    if (typeof success !== 'function')
      refuse(`${this._owner}.getModelTree(callback)`, `takes a callback, got ${describe(success)}`);
    const source = this._dataSource('getModelTree(callback)');
    callData(source, { kind: 'tree' }, success as (value: unknown) => void, failure);
  }

  /** What the filters read of a component (its object data), at once. */
  getObjectDataById(id: unknown): Record<string, string | undefined> | null {
    const element = this._elements().find((candidate) => candidate.objectId === String(id));
    return element === undefined ? null : toObjectData(element);
  }

  /** A component's box (mm, Z up), at once; null for an id the model lacks. */
  getBoundingBoxById(id: unknown): Box | null {
    const element = this._elements().find((candidate) => candidate.objectId === String(id));
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
