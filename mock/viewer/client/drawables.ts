// The drawable plugin (`Glodon.Bimface.Plugins.Drawable`): the page's own elements (CustomItem),
// images and lead labels pinned at model points of a 3D viewer, kept there as the camera moves, and
// clickable; on a drawing viewer (no camera to follow) they are listed in a corner instead.
import { refuse, withLoudMethods } from './lacking';
import type { Pin, PinningViewer } from './screen-overlay';
import { isPinningViewer, pin, replace, unpin } from './screen-overlay';
import type { Vector3 } from './viewer-state';
import { describe } from './viewer-state';

let nextItemId = 1;

function toPoint(call: string, value: unknown): Vector3 {
  const point = value as Partial<Vector3> | null;
  if (
    typeof point !== 'object' ||
    point === null ||
    ![point.x, point.y, point.z].every((axis) => typeof axis === 'number')
  )
    refuse(call, `config.worldPosition must be a model point {x, y, z} (mm), got ${describe(value)}`);
  return { x: point.x as number, y: point.y as number, z: point.z as number };
}

function toConfig(call: string, config: unknown): Record<string, unknown> {
  if (typeof config !== 'object' || config === null) refuse(call, `takes the item's config, got ${describe(config)}`);
  return config as Record<string, unknown>;
}

/** A drawable: its element, where it is pinned, its id. */
export abstract class DrawableItem {
  readonly id: string;
  readonly _pin: Pin;

  protected constructor(
    readonly _kind: string,
    call: string,
    readonly config: Record<string, unknown>,
    element: HTMLElement,
    offset: { x: number; y: number },
  ) {
    this.id =
      typeof config.id === 'string' || typeof config.id === 'number' ? String(config.id) : `item-${nextItemId++}`;
    element.classList.add('vtm-standin-drawable');
    element.dataset.drawableId = this.id;
    if (typeof config.opacity === 'number') element.style.opacity = String(config.opacity);
    this._pin = { element, worldPosition: toPoint(call, config.worldPosition), offset, visible: true };
  }

  getId(): string {
    return this.id;
  }
  getWorldPosition(): Vector3 {
    return { ...this._pin.worldPosition };
  }
  setWorldPosition(position: unknown): void {
    this._pin.worldPosition = toPoint(`${this._kind}.setWorldPosition(position)`, position);
    this._moved?.();
  }
  /** Set by the container that holds it. @internal */
  _moved: (() => void) | undefined;

  _describe(): string {
    const text = this._pin.element.textContent?.trim() ?? '';
    return `${this._kind} ${this.id}${text ? ` "${text.slice(0, 40)}"` : ''}`;
  }
}

const offsetOf = (config: Record<string, unknown>): { x: number; y: number } => ({
  x: typeof config.offsetX === 'number' ? config.offsetX : 0,
  y: typeof config.offsetY === 'number' ? config.offsetY : 0,
});

export class CustomItem extends DrawableItem {
  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Plugins.Drawable.CustomItem(config)';
    const given = toConfig(call, config);
    const content = given.content;
    let element: HTMLElement;
    if (content instanceof HTMLElement) element = content;
    else if (typeof content === 'string') {
      element = document.createElement('div');
      element.innerHTML = content;
    } else return refuse(call, `config.content must be an HTML element or HTML text, got ${describe(content)}`);
    super('CustomItem', call, given, element, offsetOf(given));
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.CustomItem');
  }
}

export class Image extends DrawableItem {
  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Plugins.Drawable.Image(config)';
    const given = toConfig(call, config);
    const image = document.createElement('img');
    if (typeof given.src === 'string') image.src = given.src;
    image.width = typeof given.width === 'number' ? given.width : 32;
    image.height = typeof given.height === 'number' ? given.height : 32;
    super('Image', call, given, image, { x: -image.width / 2, y: -image.height / 2 });
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.Image');
  }
}

/** A label at an offset from its point, with a line (the lead) back to the point. */
export class LeadLabel extends DrawableItem {
  constructor(config: unknown) {
    const call = 'new Glodon.Bimface.Plugins.Drawable.LeadLabel(config)';
    const given = toConfig(call, config);
    const element = document.createElement('div');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const label = document.createElement('div');
    label.className = 'vtm-standin-leadlabel-text';
    label.textContent = typeof given.text === 'string' ? given.text : '';
    Object.assign(label.style, {
      position: 'absolute',
      left: '60px',
      top: '-78px',
      padding: '3px 8px',
      background: 'rgba(20,24,32,0.85)',
      color: '#fff',
      border: '1px solid #7fd1ff',
      borderRadius: '3px',
      font: '12px system-ui, sans-serif',
      whiteSpace: 'nowrap',
    });
    line.setAttribute('width', '64');
    line.setAttribute('height', '64');
    Object.assign(line.style, { position: 'absolute', left: '0', top: '-62px', overflow: 'visible' });
    line.innerHTML =
      '<line x1="0" y1="62" x2="60" y2="2" stroke="#7fd1ff" stroke-width="2"/><circle cx="0" cy="62" r="3" fill="#7fd1ff"/>';
    element.append(line, label);
    super('LeadLabel', call, given, element, { x: 0, y: 0 });
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.LeadLabel');
  }
}

/** The container of a viewer's drawables: on a 3D viewer each follows its point; else a list. */
export class DrawableContainer {
  private readonly _items: DrawableItem[] = [];
  private readonly _viewer: PinningViewer | undefined;
  private readonly _list: HTMLElement | undefined;

  constructor(config: unknown) {
    const viewer = (config as { viewer?: { getRootElement?: () => HTMLElement } } | null)?.viewer;
    if (typeof viewer?.getRootElement !== 'function')
      refuse(
        'new Glodon.Bimface.Plugins.Drawable.DrawableContainer(config)',
        `config.viewer must be the viewer (app.getViewer()), got ${describe(viewer)}`,
      );
    if (isPinningViewer(viewer)) this._viewer = viewer;
    else {
      this._list = document.createElement('div');
      this._list.className = 'vtm-standin-drawables';
      Object.assign(this._list.style, {
        position: 'absolute',
        right: '12px',
        top: '10px',
        maxWidth: '40%',
        fontSize: '11px',
        textAlign: 'right',
        pointerEvents: 'none',
      });
      viewer.getRootElement().append(this._list);
    }
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.DrawableContainer');
  }

  addItem(item: unknown): void {
    this._add(toItem('DrawableContainer.addItem(item)', item));
  }
  addItems(items: unknown): void {
    if (!Array.isArray(items))
      refuse('DrawableContainer.addItems(items)', `takes an array of items, got ${describe(items)}`);
    for (const item of items) this._add(toItem('DrawableContainer.addItems(items)', item));
  }
  getAllItems(): DrawableItem[] {
    return [...this._items];
  }
  getItemById(id: unknown): DrawableItem | null {
    return this._items.find((item) => item.id === String(id)) ?? null;
  }
  removeItemById(id: unknown): void {
    this._remove((item) => item.id === String(id));
  }
  clear(): void {
    this._remove(() => true);
  }
  showItemsById(ids: unknown): void {
    this._show(ids, true);
  }
  hideItemsById(ids: unknown): void {
    this._show(ids, false);
  }
  showAllItems(): void {
    this._show(
      this._items.map((item) => item.id),
      true,
    );
  }
  hideAllItems(): void {
    this._show(
      this._items.map((item) => item.id),
      false,
    );
  }
  /** Places every item again. */
  update(): void {
    for (const item of this._items) if (this._viewer !== undefined) replace(this._viewer, item._pin);
  }

  private _add(item: DrawableItem): void {
    this._items.push(item);
    const viewer = this._viewer;
    if (viewer !== undefined) {
      item._moved = () => replace(viewer, item._pin);
      pin(viewer, item._pin);
    }
    this._drawList();
  }

  private _show(ids: unknown, visible: boolean): void {
    if (!Array.isArray(ids))
      refuse(
        `DrawableContainer.${visible ? 'show' : 'hide'}ItemsById(ids)`,
        `takes an array of item ids, got ${describe(ids)}`,
      );
    const wanted = ids.map(String);
    for (const item of this._items) if (wanted.includes(item.id)) item._pin.visible = visible;
    this.update();
  }

  private _remove(gone: (item: DrawableItem) => boolean): void {
    for (const item of this._items.filter(gone)) if (this._viewer !== undefined) unpin(this._viewer, item._pin);
    this._items.splice(0, this._items.length, ...this._items.filter((item) => !gone(item)));
    this._drawList();
  }

  private _drawList(): void {
    if (this._list !== undefined)
      this._list.textContent =
        this._items.length === 0 ? '' : `Drawables: ${this._items.map((item) => item._describe()).join(', ')}`;
  }
}

function toItem(call: string, item: unknown): DrawableItem {
  if (item instanceof DrawableItem) return item;
  return refuse(
    call,
    `takes a CustomItem, Image or LeadLabel made with new Glodon.Bimface.Plugins.Drawable.CustomItem(config), got ${describe(item)}`,
  );
}
