// What the stand-in draws in the page's element around the picture: the model's name, object type and
// id, render type, a live countdown of the View Token's expiry (the 3D viewer draws the model under it
// with three.js; the drawing viewer, a plan of three rooms in SVG), or why the model could not be opened.
import type { StandInComponent } from './components';
import { FRAME } from './components';
import type { OpenedModel, ViewFailure } from './databag';
import type { ViewerState } from './viewer-state';
import { cssColor } from './viewer-state';
import { startCountdown } from './token-countdown';

const SVG = 'http://www.w3.org/2000/svg';
const SELECTED = '#4da3ff';
const BASE_FILL: Record<string, string> = {
  2001: '#2f3b52',
  2002: '#2f3b52',
  2003: '#26314a',
};

/** What is shown: nothing yet, the request on its way, the model, or the refusal. */
export type Shown =
  | { status: 'empty' }
  | { status: 'loading' }
  /** `apiHost`: where the token is used (the countdown asks the token's clock there). */
  | { status: 'shown'; model: OpenedModel; apiHost: string }
  | { status: 'failed'; failure: ViewFailure };

export interface Placeholder {
  root: HTMLDivElement;
  draw(shown: Shown, state: ViewerState, extras: readonly string[]): void;
  destroy(): void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  style: Partial<CSSStyleDeclaration> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  Object.assign(node.style, style);
  return node;
}

/**
 * Creates the placeholder inside `host` (a `div.bf-container`, as the SDK makes), calling `onClick`
 * with the component clicked (or null for empty space).
 */
export function createPlaceholder(
  host: HTMLElement,
  kind: '3D' | 'drawing',
  components: readonly StandInComponent[],
  onClick: (component: StandInComponent | null, event: MouseEvent) => void,
): Placeholder {
  const root = element('div', 'bf-container vtm-standin', {
    position: 'relative',
    width: '100%',
    height: '100%',
    minHeight: '240px',
    overflow: 'hidden',
    background: '#1f2430',
    color: '#e8e8e8',
    font: '13px/1.4 system-ui, sans-serif',
  });
  root.dataset.standIn = kind;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 400 300');
  svg.setAttribute('class', 'vtm-standin-scene');
  Object.assign(svg.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
  const caption = element('div', 'vtm-standin-caption', {
    position: 'absolute',
    left: '12px',
    top: '10px',
    right: '12px',
    pointerEvents: 'none',
    textShadow: '0 1px 2px #000',
  });
  root.append(svg, caption);
  host.append(root);
  const shapes = new Map<SVGPolygonElement, StandInComponent>();
  svg.addEventListener('click', (event) => onClick(shapes.get(event.target as SVGPolygonElement) ?? null, event));
  // The 3D viewer draws with three.js underneath: the caption's layer lets the pointer through.
  if (components.length === 0) svg.style.pointerEvents = 'none';
  let stopCountdown = (): void => undefined;
  let counting: OpenedModel | undefined;

  const line = (text: string, style: Partial<CSSStyleDeclaration> = {}, className = ''): HTMLDivElement => {
    const node = element('div', className, style);
    node.textContent = text;
    return node;
  };

  function drawShapes(state: ViewerState): void {
    shapes.clear();
    const polygons: SVGElement[] = [];
    if (kind === 'drawing') polygons.push(polygon(FRAME.points, 'none', '#c9d1e0', 'vtm-standin-frame'));
    const isolated = state.isolation;
    for (const component of components) {
      if (state.hidden.includes(component.elementId)) continue;
      const outside = isolated !== null && !isolated.ids.includes(component.elementId);
      if (outside && isolated.option === 'HideOthers') continue;
      const color = state.colors[component.elementId];
      const fill = state.selected.includes(component.elementId)
        ? SELECTED
        : color
          ? cssColor(color)
          : (BASE_FILL[component.elementId] ?? '#667');
      const shape = polygon(
        component.points,
        fill,
        kind === 'drawing' ? '#c9d1e0' : '#1f2430',
        'vtm-standin-component',
      );
      shape.dataset.elementId = component.elementId;
      if (outside) shape.setAttribute('fill-opacity', '0.25');
      shapes.set(shape, component);
      polygons.push(shape);
    }
    svg.replaceChildren(...polygons);
  }

  return {
    root,
    draw(shown, state, extras) {
      if (shown.status !== 'shown') svg.replaceChildren();
      else drawShapes(state);
      const marker = line("view-token-mock's viewer stand-in, not the platform's viewer", {
        opacity: '0.6',
        fontSize: '11px',
      });
      if (shown.status === 'empty' || shown.status === 'loading') {
        const text =
          shown.status === 'empty'
            ? 'No model yet: call addView(viewToken) or load(viewToken).'
            : 'Opening the model: GET /inside/databag …';
        return void caption.replaceChildren(marker, line(text));
      }
      if (shown.status === 'failed') {
        const { failure } = shown;
        return void caption.replaceChildren(
          marker,
          line('The model could not be opened', { fontWeight: '600', color: '#ff8a80', fontSize: '15px' }),
          line(
            `${failure.status || 'no answer'} ${failure.code}: ${failure.message}`,
            { color: '#ff8a80' },
            'vtm-standin-reason',
          ),
        );
      }
      const { model } = shown;
      const expiry =
        counting === model
          ? (caption.querySelector<HTMLElement>('.vtm-standin-expiry') as HTMLElement)
          : line('', { fontVariantNumeric: 'tabular-nums' }, 'vtm-standin-expiry');
      if (counting !== model) {
        stopCountdown();
        counting = model;
        stopCountdown = startCountdown(expiry, {
          apiHost: shown.apiHost,
          viewToken: model.viewToken,
          usedAt: model.viewTokenUsedAt,
          expiresAt: model.viewTokenExpiresAt,
        });
      }
      caption.replaceChildren(
        marker,
        line(model.name, { fontWeight: '600', fontSize: '16px' }, 'vtm-standin-name'),
        line(
          `${model.objectType} ${model.objectId} · ${model.renderType} · ${model.jsSDKVersion}`,
          {},
          'vtm-standin-object',
        ),
        expiry,
        ...extras.map((text) => line(text, { opacity: '0.8' })),
      );
    },
    destroy() {
      stopCountdown();
      root.remove();
    },
  };
}

function polygon(points: string, fill: string, stroke: string, className: string): SVGPolygonElement {
  const shape = document.createElementNS(SVG, 'polygon');
  shape.setAttribute('points', points);
  shape.setAttribute('fill', fill);
  shape.setAttribute('stroke', stroke);
  shape.setAttribute('stroke-width', '2');
  shape.setAttribute('class', className);
  return shape;
}
