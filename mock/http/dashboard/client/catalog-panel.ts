import { announce, byId, h } from './dom';
import type { CatalogOperation } from './wire';

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    announce(`Copied the curl line for ${what}.`);
  } catch {
    announce('The browser refused the clipboard: select the line and copy it by hand.', 'error');
  }
}

/** The scenario catalog: every outcome that can be forced on each operation, with copy buttons. */
export function renderCatalog(operations: CatalogOperation[]): void {
  byId('catalog-list').replaceChildren(
    ...operations.map((operation) =>
      h(
        'details',
        { class: 'operation' },
        h(
          'summary',
          {},
          h('code', {}, `${operation.method} ${operation.path}`),
          ` ${operation.operationId} (${operation.outcomes.length} outcomes)`,
        ),
        h(
          'ul',
          {},
          ...operation.outcomes.map((outcome) => {
            const what = `${operation.operationId}: ${outcome.description}`;
            return h(
              'li',
              {},
              h(
                'p',
                {},
                h('strong', {}, outcome.status === null ? 'fault' : String(outcome.status)),
                ` ${outcome.description}`,
              ),
              h(
                'div',
                { class: 'curl' },
                h('code', {}, outcome.curl),
                h(
                  'button',
                  {
                    type: 'button',
                    'aria-label': `Copy the curl line for ${what}`,
                    onclick: () => void copy(outcome.curl, what),
                  },
                  'Copy',
                ),
              ),
            );
          }),
        ),
      ),
    ),
  );
}
