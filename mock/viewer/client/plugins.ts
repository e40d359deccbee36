// `Glodon.Web.Graphics.Color` and the drawable plugin (`Glodon.Bimface.Plugins.Drawable`): items a
// page pins on the model, listed in the placeholder so a screenshot shows them.
import { refuse, withLoudMethods } from './lacking';
import { describe } from './viewer-state';

/** `new Color(r, g, b, a)` or `new Color('#rrggbb', alpha)`. */
export class Color {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;

  constructor(first: unknown, second?: unknown, third?: unknown, fourth?: unknown) {
    const call = 'new Glodon.Web.Graphics.Color(…)';
    if (typeof first === 'string') {
      const hex = /^#?([0-9a-f]{6})$/i.exec(first)?.[1];
      if (hex === undefined) refuse(call, `takes '#rrggbb' and an alpha, got ${describe(first)}`);
      [this.red, this.green, this.blue] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [
        number,
        number,
        number,
      ];
      this.alpha = typeof second === 'number' ? second : 1;
    } else {
      if (![first, second, third].every((part) => typeof part === 'number'))
        refuse(
          call,
          `takes (red, green, blue, alpha) numbers or ('#rrggbb', alpha), got ${describe([first, second, third, fourth])}`,
        );
      [this.red, this.green, this.blue] = [first, second, third] as [number, number, number];
      this.alpha = typeof fourth === 'number' ? fourth : 1;
    }
    return withLoudMethods(this, 'Glodon.Web.Graphics.Color');
  }
}

let nextItemId = 1;

/** A drawable item (custom HTML or an image) with its config. */
class DrawableItem {
  readonly id: string;
  constructor(
    private readonly _kind: string,
    readonly config: Record<string, unknown>,
  ) {
    this.id =
      typeof config.id === 'string' || typeof config.id === 'number' ? String(config.id) : `item-${nextItemId++}`;
  }
  getId(): string {
    return this.id;
  }
  _describe(): string {
    const content = this.config.content;
    const text =
      content instanceof HTMLElement
        ? (content.textContent ?? '')
        : typeof content === 'string'
          ? content.replace(/<[^>]*>/g, '')
          : '';
    return `${this._kind} ${this.id}${text.trim() ? ` "${text.trim().slice(0, 40)}"` : ''}`;
  }
}

export class CustomItem extends DrawableItem {
  constructor(config: unknown) {
    super('custom item', toItemConfig('new Glodon.Bimface.Plugins.Drawable.CustomItem(config)', config));
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.CustomItem');
  }
}

export class Image extends DrawableItem {
  constructor(config: unknown) {
    super('image', toItemConfig('new Glodon.Bimface.Plugins.Drawable.Image(config)', config));
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.Image');
  }
}

function toItemConfig(call: string, config: unknown): Record<string, unknown> {
  if (typeof config !== 'object' || config === null)
    refuse(call, `takes the item's config (CustomItemConfig or ImageConfig), got ${describe(config)}`);
  return config as Record<string, unknown>;
}

/** The container of a viewer's drawable items; it lists them in the viewer's element. */
export class DrawableContainer {
  private readonly _items: DrawableItem[] = [];
  private readonly _list: HTMLElement;

  constructor(config: unknown) {
    const viewer = (config as { viewer?: { getRootElement?: () => HTMLElement } } | null)?.viewer;
    if (typeof viewer?.getRootElement !== 'function')
      refuse(
        'new Glodon.Bimface.Plugins.Drawable.DrawableContainer(config)',
        `config.viewer must be the viewer (app.getViewer()), got ${describe(viewer)}`,
      );
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
    return withLoudMethods(this, 'Glodon.Bimface.Plugins.Drawable.DrawableContainer');
  }

  addItem(item: unknown): void {
    this._items.push(toItem('DrawableContainer.addItem(item)', item));
    this._draw();
  }
  addItems(items: unknown): void {
    if (!Array.isArray(items))
      refuse('DrawableContainer.addItems(items)', `takes an array of items, got ${describe(items)}`);
    this._items.push(...items.map((item) => toItem('DrawableContainer.addItems(items)', item)));
    this._draw();
  }
  removeItemById(id: unknown): void {
    this._remove((item) => item.id === String(id));
  }
  clear(): void {
    this._remove(() => true);
  }
  getAllItems(): DrawableItem[] {
    return [...this._items];
  }

  private _remove(gone: (item: DrawableItem) => boolean): void {
    this._items.splice(0, this._items.length, ...this._items.filter((item) => !gone(item)));
    this._draw();
  }

  private _draw(): void {
    this._list.textContent =
      this._items.length === 0 ? '' : `Drawables: ${this._items.map((item) => item._describe()).join(', ')}`;
  }
}

function toItem(call: string, item: unknown): DrawableItem {
  if (item instanceof DrawableItem) return item;
  return refuse(
    call,
    `takes a CustomItem or Image made with new Glodon.Bimface.Plugins.Drawable.CustomItem(config), got ${describe(item)}`,
  );
}
