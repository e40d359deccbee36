// The v3 drawing object (`viewer2D.getDrawing(modelId?)`): the drawing's layers and its elements'
// selection, highlight, visibility and opacity, as the v3 guide calls them (`{ objectIds }` or
// `{ all: true }`), acting on the viewer that shows it.
import { refuse, withLoudMethods } from './lacking';
import { describe } from './viewer-state';

/** What a drawing object needs of its viewer. */
export interface DrawingOwner {
  getLayers(): { id: string; name: string; color: string; visible: boolean }[];
  setSelectedComponentsById(ids: unknown): void;
  hideComponentsById(ids: unknown): void;
  showComponentsById(ids: unknown): void;
  _elementIds(): string[];
  _setOpacity(opacity: number): void;
}

/** `{ objectIds: [...] }` or `{ all: true }`, the ids it names. */
function toIds(call: string, option: unknown, all: () => string[]): string[] {
  const given = option as { objectIds?: unknown; all?: unknown } | null;
  if (typeof given === 'object' && given !== null && given.all === true) return all();
  if (typeof given === 'object' && given !== null && Array.isArray(given.objectIds)) return given.objectIds.map(String);
  return refuse(`Drawing.${call}`, `takes { objectIds: [...] } or { all: true }, got ${describe(option)}`);
}

export class Drawing2D {
  constructor(
    private readonly _viewer: DrawingOwner,
    private readonly _modelId: string,
  ) {
    return withLoudMethods(this, 'Glodon.Bimface.Drawing.Drawing2D');
  }

  getId(): string {
    return this._modelId;
  }
  getLayers(): { id: string; name: string; color: string; visible: boolean }[] {
    return this._viewer.getLayers();
  }
  select(option: unknown): void {
    this._viewer.setSelectedComponentsById(toIds('select(option)', option, () => this._viewer._elementIds()));
  }
  /** The stand-in highlights as it selects (in the selection's blue). */
  highlight(option: unknown): void {
    this.select(option);
  }
  hide(option: unknown): void {
    this._viewer.hideComponentsById(toIds('hide(option)', option, () => this._viewer._elementIds()));
  }
  show(option: unknown): void {
    this._viewer.showComponentsById(toIds('show(option)', option, () => this._viewer._elementIds()));
  }
  setOpacity(opacity: unknown): void {
    if (typeof opacity !== 'number' || opacity < 0 || opacity > 1)
      refuse('Drawing.setOpacity(opacity)', `takes a number from 0 to 1, got ${describe(opacity)}`);
    this._viewer._setOpacity(opacity);
  }
}
