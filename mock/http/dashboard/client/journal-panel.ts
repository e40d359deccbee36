import { byId, cell, h, timeCell } from './dom';
import type { JournalEntry } from './wire';

function statusClass(status: number): string {
  if (status === 0) return 'fault';
  return status >= 500 ? 's5xx' : status >= 400 ? 's4xx' : 's2xx';
}

function target(entry: JournalEntry): string {
  const query = Object.entries(entry.query)
    .flatMap(([name, values]) => (Array.isArray(values) ? values : [values]).map((value) => `${name}=${value}`))
    .join('&');
  return query ? `${entry.path}?${query}` : entry.path;
}

/** The request journal, newest first, coloured by status, with the outcome a switch or rule applied; unmatched requests (no route) marked, with their near-miss hint. */
export function createJournalPanel() {
  const body = byId<HTMLTableSectionElement>('journal-body');
  const violationsOnly = byId<HTMLInputElement>('journal-violations-only');
  let signature = '';
  let last: JournalEntry[] = [];
  violationsOnly.addEventListener('change', () => render(last));

  function render(all: JournalEntry[]): void {
    last = all;
    const entries = violationsOnly.checked ? all.filter((entry) => (entry.violations?.length ?? 0) > 0) : all;
    const next = `${violationsOnly.checked}:${entries.map((entry) => entry.id).join(',')}`;
    if (next === signature) return;
    signature = next;
    body.replaceChildren(
      ...(entries.length === 0
        ? [
            h(
              'tr',
              {},
              h(
                'td',
                { colspan: 8, class: 'empty' },
                violationsOnly.checked ? 'No violating exchanges.' : 'No requests yet.',
              ),
            ),
          ]
        : entries.map((entry) =>
            h(
              'tr',
              {},
              timeCell('Time', entry.at),
              cell('Method', entry.method),
              cell('Request', h('code', { class: 'wrap' }, target(entry))),
              cell('Session', entry.session || '—'),
              cell(
                'Operation',
                entry.operationId === '' ? h('span', { class: 'badge warn' }, 'unmatched') : entry.operationId,
              ),
              cell(
                'Status',
                h(
                  'span',
                  { class: `status ${statusClass(entry.status)}` },
                  entry.status === 0 ? 'fault' : entry.status,
                ),
              ),
              cell('Outcome', entry.outcome ?? 'real answer'),
              cell(
                'Violations',
                entry.violations?.length
                  ? h('ul', { class: 'violations' }, ...entry.violations.map((line) => h('li', {}, line)))
                  : '—',
              ),
            ),
          )),
    );
  }

  return { render };
}
