// Tiny DOM helpers: every value reaches the page as text (textContent), never as HTML.

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

/** Builds an element; `on<event>` attributes become listeners, `false`/undefined ones are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
  return element;
}

/** The element with this id; a missing one is a bug in the page, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}.`);
  return element as T;
}

/** A table cell labelled for the narrow (stacked) layout. */
export function cell(label: string, ...children: Child[]): HTMLTableCellElement {
  return h('td', { 'data-label': label }, ...children);
}

/** `12:00:00`, `1d 02:03:04`, or `expired`. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'expired';
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** `2026-11-23 14:05:09` (UTC, as the mock's clock is shown everywhere on the page). */
export function formatTime(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') : '—';
}

/** `2026-11-23 14:05:09` for table cells, year included (the mock's clock can be moved across years). */
export function timeCell(label: string, iso: string | null | undefined): HTMLTableCellElement {
  // Date and time of day each kept whole, so a narrow column wraps between them, never inside one.
  const [date, time] = iso ? formatTime(iso).split(' ') : [];
  const cellElement = cell(
    label,
    date === undefined ? '—' : h('span', { class: 'nowrap' }, date),
    time === undefined ? undefined : ' ',
    time === undefined ? undefined : h('span', { class: 'nowrap' }, time),
  );
  if (iso) cellElement.title = `${formatTime(iso)} UTC`;
  return cellElement;
}

/** Announces the outcome of an action to screen readers and sighted users alike. */
export function announce(message: string, tone: 'ok' | 'error' = 'ok'): void {
  const status = byId('status');
  status.textContent = message;
  status.dataset.tone = tone;
}

/** The service routes' prefix, given by the server in a meta tag. */
export function basePath(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="view-token-mock:base-path"]')?.content ?? '';
}
