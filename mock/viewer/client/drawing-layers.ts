// A drawing viewer's layers: the sheet's (each id, name and colour) and which the page has hidden.
// Kept across sheets (every plan has the same layers), refused loudly for an id the sheet lacks.
import type { DrawingSheet } from './drawing-wire';
import { findNearestName } from '../../core/near-miss';
import { refuse } from './lacking';
import { describe } from './viewer-state';

export class DrawingLayers {
  private readonly _hidden = new Set<string>();

  list(sheet: DrawingSheet | undefined): { id: string; name: string; color: string; visible: boolean }[] {
    return (sheet?.layers ?? []).map((layer) => ({ ...layer, visible: !this._hidden.has(layer.id) }));
  }

  hidden(): string[] {
    return [...this._hidden];
  }

  hide(call: string, sheet: DrawingSheet | undefined, id: unknown): void {
    this._hidden.add(this._known(call, sheet, id));
  }

  show(call: string, sheet: DrawingSheet | undefined, id: unknown): void {
    this._hidden.delete(this._known(call, sheet, id));
  }

  showAll(): void {
    this._hidden.clear();
  }

  setHidden(ids: readonly string[]): void {
    this._hidden.clear();
    for (const id of ids) this._hidden.add(id);
  }

  /** `[{ id, visible }]`, each layer as it says. */
  change(call: string, sheet: DrawingSheet | undefined, layers: unknown): void {
    if (
      !Array.isArray(layers) ||
      !layers.every((layer) => typeof (layer as { visible?: unknown })?.visible === 'boolean')
    )
      refuse(
        call,
        `takes the layers as getLayers() gives them, each with visible true or false, got ${describe(layers)}`,
      );
    for (const layer of layers as { id: unknown; visible: boolean }[]) {
      const id = this._known(call, sheet, layer.id);
      if (layer.visible) this._hidden.delete(id);
      else this._hidden.add(id);
    }
  }

  /** A layer id the sheet has (by id, or by name as pages also write it), or a refusal naming them. */
  private _known(call: string, sheet: DrawingSheet | undefined, id: unknown): string {
    const layers = sheet?.layers ?? [];
    const found = layers.find((layer) => layer.id === String(id) || layer.name === String(id));
    if (found !== undefined) return found.id;
    const names = layers.map((layer) => `${layer.id} (${layer.name})`);
    const nearest = findNearestName(
      String(id),
      layers.map((layer) => layer.name),
    );
    return refuse(
      call,
      `this sheet's layers are ${names.join(', ') || 'none (no sheet yet)'}, not ${describe(id)}${nearest === undefined ? '' : ` (did you mean ${nearest}?)`}`,
    );
  }
}
