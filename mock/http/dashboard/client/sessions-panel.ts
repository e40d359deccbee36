import { byId, cell, formatCountdown, h } from './dom';
import type { SessionSummary } from './wire';

/** `real time`, `+02:00:00`, `-1d 00:00:00`, and `frozen` when it stands still. */
function describeClock({ own, offsetMs, frozen }: SessionSummary['clock']): string {
  const offset = offsetMs === 0 ? 'real time' : `${offsetMs > 0 ? '+' : '-'}${formatCountdown(Math.abs(offsetMs))}`;
  const state = frozen ? `${offset}, frozen` : offset;
  return own ? `own: ${state}` : `deployment's (${state})`;
}

/** Who holds what: every session's View Tokens, rules, clock and last request; a session's name shows it. */
export function createSessionsPanel(show: (session: string) => void) {
  const body = byId<HTMLTableSectionElement>('sessions-body');
  let signature = '';

  function render(sessions: readonly SessionSummary[]): void {
    const next = JSON.stringify(sessions);
    if (next === signature) return;
    signature = next;
    byId('sessions-count').textContent = String(sessions.length);
    body.replaceChildren(
      ...sessions.map((summary) =>
        h(
          'tr',
          {},
          cell(
            'Session',
            h(
              'button',
              { type: 'button', class: 'link', title: 'Show this session', onclick: () => show(summary.session) },
              summary.session || '(deployment)',
            ),
          ),
          cell('View Tokens', summary.tokens),
          cell('Rules', summary.rules),
          cell('Clock', describeClock(summary.clock)),
          cell('Last request', summary.lastRequest === null ? '—' : `#${summary.lastRequest.id}`),
        ),
      ),
    );
  }

  return { render };
}
