// What the 3D viewer and the drawing viewer share: the element they draw in, the listener store
// their applications share, opening a model with a View Token, and the component state pages set
// and read back (selection, colours, hidden components).
import type { StandInComponent } from './components';
import type { OpenedModel } from './databag';
import { fetchViewerData, resolveApiHost } from './databag';
import { ListenerStore } from './events';
import { refuse } from './lacking';
import type { Placeholder, Shown } from './placeholder';
import { createPlaceholder } from './placeholder';
import { SCRIPT_BASE } from './script-base';
import type { ViewerState } from './viewer-state';
import { copyOf, describe, initialState, toIds, toRgba } from './viewer-state';

export type ViewerConfig = Record<string, unknown>;

/** The element a config names (`config.domElement`), or a loud refusal. */
export function toDomElement(call: string, config: unknown): HTMLElement {
  const dom = (config as ViewerConfig | null | undefined)?.domElement;
  if (dom instanceof HTMLElement) return dom;
  return refuse(
    call,
    `config.domElement must be the page's element to draw in (e.g. document.getElementById('view')), got ${describe(dom)}`,
  );
}

export abstract class ViewerBase {
  readonly _store: ListenerStore;
  protected readonly _config: ViewerConfig;
  protected readonly _placeholder: Placeholder;
  protected _shown: Shown = { status: 'empty' };
  protected _state: ViewerState = initialState();
  protected _renders = 0;
  protected _destroyed = false;

  protected constructor(
    protected readonly _owner: string,
    kind: '3D' | 'drawing',
    events: readonly string[],
    config: ViewerConfig,
    host: HTMLElement,
    protected readonly _components: readonly StandInComponent[],
  ) {
    this._config = config;
    this._store = new ListenerStore(events, _owner);
    this._placeholder = createPlaceholder(host, kind, _components, (component, event) =>
      this._clicked(component, event),
    );
    this._redraw();
  }

  /** The payloads of a click for `MouseClicked` and `ComponentsSelectionChanged`, each SDK its own shape. */
  protected abstract _clickPayloads(
    component: StandInComponent | null,
    event: MouseEvent,
    position: { x: number; y: number },
  ): { clicked: unknown; selection: unknown };

  /** Lines the caption adds under the model (camera, zoom, drawables). */
  protected _extras(): string[] {
    return [];
  }

  addEventListener(event: unknown, listener: unknown): void {
    this._store.add(event, listener);
  }

  removeEventListener(event: unknown, listener: unknown): void {
    this._store.remove(event, listener);
  }

  /** The element the viewer draws in (a real element: pages query it). */
  getRootElement(): HTMLElement {
    return this._placeholder.root;
  }

  render(): void {
    this._renders += 1;
    this._redraw();
    this._emitLater('Rendered', this);
  }

  resize(width?: unknown, height?: unknown): void {
    if (width === undefined && height === undefined) return;
    if (typeof width !== 'number' || typeof height !== 'number')
      refuse(
        `${this._owner}.resize(width, height)`,
        `takes two numbers (pixels), got ${describe(width)}, ${describe(height)}`,
      );
    Object.assign(this._placeholder.root.style, { width: `${width}px`, height: `${height}px` });
  }

  setSelectedComponentsById(ids: unknown): void {
    this._set({ selected: toIds('setSelectedComponentsById(ids)', ids) });
  }
  addSelectedComponentsById(ids: unknown): void {
    this._set({ selected: [...new Set([...this._state.selected, ...toIds('addSelectedComponentsById(ids)', ids)])] });
  }
  clearSelectedComponents(): void {
    this._set({ selected: [] });
  }
  getSelectedComponents(): string[] {
    return [...this._state.selected];
  }

  overrideComponentsColorById(ids: unknown, color: unknown): void {
    const rgba = toRgba('overrideComponentsColorById(ids, color)', color);
    const colors = { ...this._state.colors };
    for (const id of toIds('overrideComponentsColorById(ids, color)', ids)) colors[id] = rgba;
    this._set({ colors });
  }

  restoreComponentsColorById(ids: unknown): void {
    const colors = { ...this._state.colors };
    for (const id of toIds('restoreComponentsColorById(ids)', ids)) delete colors[id];
    this._set({ colors });
  }

  clearOverrideColorComponents(): void {
    this._set({ colors: {} });
  }
  hideComponentsById(ids: unknown): void {
    this._set({ hidden: [...new Set([...this._state.hidden, ...toIds('hideComponentsById(ids)', ids)])] });
  }
  showComponentsById(ids: unknown): void {
    const shown = toIds('showComponentsById(ids)', ids);
    this._set({ hidden: this._state.hidden.filter((id) => !shown.includes(id)) });
  }
  showAllComponents(): void {
    this._set({ hidden: [], isolation: null });
  }

  getCurrentState(): ViewerState {
    return copyOf(this._state);
  }

  setState(state: unknown): void {
    const given = state as Partial<ViewerState> | null;
    if (typeof given !== 'object' || given === null || !Array.isArray(given.selected))
      refuse(`${this._owner}.setState(state)`, `takes what getCurrentState() returned, got ${describe(state)}`);
    this._set(copyOf(given));
  }

  /** Removes the viewer's element and forgets its listeners; the countdown stops. */
  destroy(): void {
    this._destroyed = true;
    this._placeholder.destroy();
    this._store.clear();
  }

  protected _set(change: Partial<ViewerState>): void {
    this._state = { ...this._state, ...change };
    this._redraw();
  }

  protected _redraw(): void {
    if (!this._destroyed)
      this._placeholder.draw(this._shown, this._state, this._shown.status === 'shown' ? this._extras() : []);
  }

  protected _emitLater(event: string, payload: unknown): void {
    setTimeout(() => {
      if (!this._destroyed) this._store.emit(event, payload);
    }, 0);
  }

  /**
   * Uses the token on the mock (`GET {APIHost}/inside/databag`) and shows the model, then calls
   * `opened` (which fires the page's events: always after the call that asked has returned); a
   * refused token is drawn and fired as `Error` with the service's envelope and the status.
   */
  protected _open(call: string, viewToken: unknown, opened: (model: OpenedModel, apiHost: string) => void): void {
    if (typeof viewToken !== 'string' || viewToken === '')
      refuse(
        `${this._owner}.${call}`,
        `takes the View Token (a string) your back end got from the service, got ${describe(viewToken)}`,
      );
    if (this._shown.status === 'loading' || this._shown.status === 'shown')
      refuse(
        `${this._owner}.${call}`,
        'this viewer has a model already (the stand-in shows one per viewer): destroy() it and create another viewer',
      );
    this._shown = { status: 'loading' };
    this._redraw();
    const apiHost = this._apiHost();
    void fetchViewerData(apiHost, viewToken).then((answer) => {
      if (this._destroyed) return;
      if (answer.kind === 'refused') {
        this._shown = { status: 'failed', failure: answer.failure };
        this._redraw();
        return this._store.emit('Error', { ...answer.failure });
      }
      opened({ ...answer.data, viewToken }, apiHost);
    });
  }

  /** Where this viewer uses its token and asks for data: its config's APIHost, the loader's, the mock that served it. */
  protected _apiHost(): string {
    return resolveApiHost(this._config.APIHost, SCRIPT_BASE);
  }

  protected _show(model: OpenedModel, apiHost: string): void {
    this._shown = { status: 'shown', model, apiHost };
    this._redraw();
  }

  private _clicked(component: StandInComponent | null, event: MouseEvent): void {
    if (this._shown.status !== 'shown') return;
    const box = this._placeholder.root.getBoundingClientRect();
    const { clicked, selection } = this._clickPayloads(component, event, {
      x: event.clientX - box.left,
      y: event.clientY - box.top,
    });
    this._set({ selected: component === null ? [] : [component.elementId] });
    this._store.emit('MouseClicked', clicked);
    this._store.emit('ComponentsSelectionChanged', selection);
  }
}
