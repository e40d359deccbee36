// What the 3D viewer and the drawing viewer share: the element they draw in, the listener store
// their applications share, opening a model with a View Token, and the component state pages set
// and read back (selection, colours, hidden components). A v3 model object's calls are scoped to its
// model (`_inScope`): the viewer's own calls reach every model it shows.
import type { OpenedModel } from './databag';
import { fetchViewerData, resolveApiHost } from './databag';
import { ListenerStore } from './events';
import { refuse } from './lacking';
import type { Placeholder, Shown } from './placeholder';
import { createPlaceholder } from './placeholder';
import { SCRIPT_BASE } from './script-base';
import type { ViewerState } from './viewer-state';
import { describe, initialState, toIds, toRgba } from './viewer-state';

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
  ) {
    this._config = config;
    this._store = new ListenerStore(events, _owner);
    this._placeholder = createPlaceholder(host, kind);
    this._redraw();
  }

  /** Whether an id is one the current call may touch: every id, except inside a v3 model object's call. */
  protected _inScope(_id: string): boolean {
    return true;
  }

  /** The ids of a list outside the current call's scope (kept when the call replaces the list). */
  protected _outOfScope(ids: readonly string[]): string[] {
    return ids.filter((id) => !this._inScope(id));
  }

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
    const chosen = toIds('setSelectedComponentsById(ids)', ids);
    this._set({ selected: [...new Set([...this._outOfScope(this._state.selected), ...chosen])] });
  }
  addSelectedComponentsById(ids: unknown): void {
    this._set({ selected: [...new Set([...this._state.selected, ...toIds('addSelectedComponentsById(ids)', ids)])] });
  }
  clearSelectedComponents(): void {
    this._set({ selected: this._outOfScope(this._state.selected) });
  }
  getSelectedComponents(): string[] {
    return this._state.selected.filter((id) => this._inScope(id));
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
    const kept = Object.entries(this._state.colors).filter(([id]) => !this._inScope(id));
    this._set({ colors: Object.fromEntries(kept) });
  }
  hideComponentsById(ids: unknown): void {
    this._set({ hidden: [...new Set([...this._state.hidden, ...toIds('hideComponentsById(ids)', ids)])] });
  }
  showComponentsById(ids: unknown): void {
    const shown = toIds('showComponentsById(ids)', ids);
    this._set({ hidden: this._state.hidden.filter((id) => !shown.includes(id)) });
  }
  showAllComponents(): void {
    this._set({ hidden: this._outOfScope(this._state.hidden), isolation: null });
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
    if (!this._destroyed) this._placeholder.draw(this._shown, this._shown.status === 'shown' ? this._extras() : []);
  }

  protected _emitLater(event: string, payload: unknown): void {
    setTimeout(() => {
      if (!this._destroyed) this._store.emit(event, payload);
    }, 0);
  }

  /**
   * Uses the token on the mock (`GET {APIHost}/inside/databag`), then calls `opened` (which shows the
   * model and fires the page's events: always after the call that asked has returned); a refused token
   * is fired as `Error` with the service's envelope and the status (and drawn, when nothing is shown).
   */
  protected _open(call: string, viewToken: unknown, opened: (model: OpenedModel, apiHost: string) => void): void {
    if (typeof viewToken !== 'string' || viewToken === '')
      refuse(
        `${this._owner}.${call}`,
        `takes the View Token (a string) your back end got from the service, got ${describe(viewToken)}`,
      );
    // A viewer showing a model keeps it on screen while the next one is asked for.
    if (this._shown.status !== 'shown') {
      this._shown = { status: 'loading' };
      this._redraw();
    }
    const apiHost = this._apiHost();
    void fetchViewerData(apiHost, viewToken).then((answer) => {
      if (this._destroyed) return;
      if (answer.kind === 'refused') {
        if (this._shown.status !== 'shown') this._shown = { status: 'failed', failure: answer.failure };
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

  /** Shows a model in the caption (the first one a viewer opens stays there as more are added). */
  protected _show(model: OpenedModel, apiHost: string): void {
    if (this._shown.status !== 'shown') this._shown = { status: 'shown', model, apiHost };
    this._redraw();
  }
}
