import { admin } from './admin-api';
import { announce, byId, cell, formatCountdown, formatTime, h, timeCell } from './dom';
import type { MockNow } from './mock-now';
import type { ViewTokenRecord } from './wire';

/**
 * The View Tokens table. Rows are rebuilt only when the tokens change (so keyboard focus on a
 * Revoke button survives polling); the countdowns tick in place every second.
 */
export function createTokensPanel(now: MockNow, refresh: () => void) {
  const body = byId<HTMLTableSectionElement>('tokens-body');
  let signature = '';
  let rows: { record: ViewTokenRecord; countdown: HTMLElement; state: HTMLElement }[] = [];
  // A token counts down on its own session's clock: how far that clock was from the shown one when read.
  let aheadBy = new Map<string, number>();

  function tick(): void {
    for (const { record, countdown, state } of rows) {
      const left = Date.parse(record.expiresAt) - (now.ms + (aheadBy.get(record.token) ?? 0));
      countdown.textContent = formatCountdown(left);
      const expired = left <= 0;
      state.textContent = expired ? 'expired' : 'valid';
      state.className = `badge ${expired ? 'bad' : 'good'}`;
    }
  }

  async function revoke(token: string): Promise<void> {
    if (!window.confirm(`Revoke View Token ${token}? A viewer using it gets 401 from now on.`)) return;
    await admin('DELETE', `/view-tokens/${encodeURIComponent(token)}`);
    announce(`Revoked View Token ${token}.`);
    refresh();
  }

  function render(records: ViewTokenRecord[], listedNowMs: number): void {
    aheadBy = new Map(
      records.map((record) => [record.token, Date.parse(record.expiresAt) - record.expiresInMs - listedNowMs]),
    );
    // expiresInMs changes at every read: the rows are rebuilt only when something else does.
    const next = JSON.stringify(records.map(({ expiresInMs: _left, ...rest }) => rest));
    if (next !== signature) {
      signature = next;
      byId('tokens-count').textContent = String(records.length);
      rows = records.map((record) => ({ record, countdown: h('span', { class: 'countdown' }), state: h('span') }));
      body.replaceChildren(
        ...(rows.length === 0
          ? [
              h(
                'tr',
                {},
                h(
                  'td',
                  { colspan: 9, class: 'empty' },
                  'No View Tokens yet: issue one from the Try page or with curl (see the catalog below).',
                ),
              ),
            ]
          : rows.map(({ record, countdown, state }) =>
              h(
                'tr',
                {},
                cell('Token', h('code', { class: 'token' }, record.token)),
                cell(
                  'Object',
                  `${record.objectType} ${record.objectId}${record.integrateId === undefined ? '' : ` (integration ${record.integrateId})`}`,
                ),
                cell('Session', record.session || '—'),
                timeCell('Issued', record.issuedAt),
                timeCell('Last use', record.lastUsedAt),
                timeCell('Expires at', record.expiresAt),
                cell('Expires in', countdown),
                cell('State', state, forcedBadge(record)),
                cell(
                  '',
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'danger',
                      'aria-label': `Revoke View Token ${record.token}`,
                      onclick: () => void revoke(record.token),
                    },
                    'Revoke',
                  ),
                ),
              ),
            )),
      );
    }
    tick();
  }

  return { render, tick };
}

/**
 * The token's last use a rule or switch answered by force, under its real state: a tester who forced
 * an "expired" sees both, not a token shown as plainly valid. Nothing when none was forced.
 */
function forcedBadge(record: ViewTokenRecord): HTMLElement | undefined {
  const forced = record.lastForced;
  if (forced === undefined) return undefined;
  const by = forced.rule === null ? 'a Prefer or __ switch' : `rule ${forced.rule}`;
  return h(
    'span',
    {
      class: 'forced',
      title: `Last use answered by force (${by}) at ${formatTime(forced.at)}; its real state is above`,
    },
    h('span', { class: 'badge warn' }, 'forced'),
    ' ',
    // A line may break around `=` (scenario|=|access-token-expired) and at its hyphens, never inside a word.
    h('code', {}, ...forced.outcome.split(/(?==)|(?<==)/).flatMap((part) => [part, h('wbr')])),
    h('span', { class: 'muted' }, ` ${forced.rule ?? 'switch'}`),
  );
}
