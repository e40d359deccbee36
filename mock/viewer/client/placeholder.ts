// What the stand-in draws in the page's element over the picture: the model's name, object type and
// id, render type, a live countdown of the View Token's expiry (the 3D viewer draws the model under it
// with three.js, the drawing viewer its sheet on a canvas), or why the model could not be opened.
import type { OpenedModel, ViewFailure } from './databag';
import { startCountdown } from './token-countdown';

/** What is shown: nothing yet, the request on its way, the model, or the refusal. */
export type Shown =
  | { status: 'empty' }
  | { status: 'loading' }
  /** `apiHost`: where the token is used (the countdown asks the token's clock there). */
  | { status: 'shown'; model: OpenedModel; apiHost: string }
  | { status: 'failed'; failure: ViewFailure };

export interface Placeholder {
  root: HTMLDivElement;
  draw(shown: Shown, extras: readonly string[]): void;
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

/** Creates the placeholder inside `host` (a `div.bf-container`, as the SDK makes). */
export function createPlaceholder(host: HTMLElement, kind: '3D' | 'drawing'): Placeholder {
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
  const caption = element('div', 'vtm-standin-caption', {
    position: 'absolute',
    left: '12px',
    top: '10px',
    right: '12px',
    pointerEvents: 'none',
    textShadow: '0 1px 2px #000',
  });
  root.append(caption);
  host.append(root);
  let stopCountdown = (): void => undefined;
  let counting: OpenedModel | undefined;

  const line = (text: string, style: Partial<CSSStyleDeclaration> = {}, className = ''): HTMLDivElement => {
    const node = element('div', className, style);
    node.textContent = text;
    return node;
  };

  return {
    root,
    draw(shown, extras) {
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
