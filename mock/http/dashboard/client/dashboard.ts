// The QA dashboard at /__admin/ui: polls the admin API once a second and ticks countdowns locally.
import { AdminError, admin } from './admin-api';
import { announce, byId } from './dom';
import { renderCatalog } from './catalog-panel';
import { createClockPanel } from './clock-panel';
import { createJournalPanel } from './journal-panel';
import { createJournalQuery } from './journal-query';
import { MockNow } from './mock-now';
import { createRulesPanel } from './rules-panel';
import { countOf, describeSession, selectedSession, sessionQuery } from './session';
import { createTokensPanel } from './tokens-panel';
import { createSessionsPanel } from './sessions-panel';
import type { HealthWire } from './store-state';
import { createStoreStatePanel, fromHealth, fromPollError } from './store-state';
import type { CatalogOperation, ClockState, JournalEntry, Rule, SessionSummary, ViewTokenRecord } from './wire';

const POLL_MS = 1000;

const now = new MockNow();
const refresh = (): void => void poll();
const clock = createClockPanel(now, refresh);
const tokens = createTokensPanel(now, refresh);
const rules = createRulesPanel(refresh);
const journal = createJournalPanel();
const journalQuery = createJournalQuery(refresh);
const storeState = createStoreStatePanel();
const sessionFilter = byId<HTMLInputElement>('session-filter');
// A session's name in the list shows it, as typing it in the filter does.
const sessions = createSessionsPanel((session) => {
  sessionFilter.value = session;
  sessionFilter.dispatchEvent(new Event('input'));
});

let polling: Promise<void> | undefined;
function poll(): Promise<void> {
  polling ??= (async () => {
    try {
      // Health first in the list: while the store is down every call is a 503, and health's says why.
      const [health, clockState, tokenList, ruleList, requests, sessionList] = await Promise.all([
        admin<HealthWire>('GET', '/health'),
        admin<ClockState>('GET', `/clock${sessionQuery('?')}`),
        admin<{ now: string; viewTokens: ViewTokenRecord[] }>('GET', `/view-tokens${sessionQuery('?')}`),
        admin<{ rules: Rule[] }>('GET', `/scenarios${sessionQuery('?')}`),
        admin<{ requests: JournalEntry[]; nextCursor?: string }>('GET', journalQuery.path()),
        admin<{ sessions: SessionSummary[] }>('GET', '/sessions'),
      ]);
      clock.render(clockState);
      tokens.render(tokenList.viewTokens, Date.parse(tokenList.now));
      rules.render(ruleList.rules);
      journal.render(journalQuery.take(requests.requests, requests.nextCursor));
      sessions.render(sessionList.sessions);
      storeState.render(fromHealth(health), Date.now());
    } catch (error) {
      storeState.render(fromPollError(error), Date.now());
    } finally {
      polling = undefined;
    }
  })();
  return polling;
}

/** What a reset or an emptied journal would remove in the selected session (every session's without a filter). */
async function countsOf(session: string): Promise<{ tokens: string; rules: string; requests: string }> {
  const [tokens, health, rules, requests] = await Promise.all([
    session
      ? admin<{ viewTokens: unknown[]; nextCursor?: string }>('GET', `/view-tokens${sessionQuery('?')}`)
      : undefined,
    session ? undefined : admin<{ viewTokens: number }>('GET', '/health'),
    admin<{ rules: unknown[] }>('GET', `/scenarios${sessionQuery('?')}`),
    admin<{ count: number }>('POST', '/requests/count', session ? { session } : {}),
  ]);
  return {
    tokens: tokens
      ? countOf(tokens.viewTokens.length, 'View Token', tokens.nextCursor !== undefined)
      : countOf(health?.viewTokens ?? 0, 'View Token'),
    rules: countOf(rules.rules.length, 'rule'),
    requests: countOf(requests.count, 'journal entry').replace(/entrys$/, 'entries'),
  };
}

byId('journal-clear').addEventListener(
  'click',
  () =>
    void (async () => {
      const session = selectedSession();
      const { requests } = await countsOf(session);
      if (!window.confirm(`Empty the journal of ${describeSession(session)}: remove ${requests}?`)) return;
      await admin('DELETE', `/requests${sessionQuery('?')}`);
      announce(`Emptied the journal of ${describeSession(session)}.`);
      refresh();
    })(),
);
// Under a session filter, Reset resets that session only (its tokens, rules, journal entries and clock).
byId('reset-all').addEventListener(
  'click',
  () =>
    void (async () => {
      const session = selectedSession();
      const { tokens, rules, requests } = await countsOf(session);
      const question = session
        ? `Reset session "${session}": remove its ${tokens}, ${rules} and ${requests}, and put its clock back on the deployment's?`
        : `Reset the mock: remove ${tokens}, ${rules} and ${requests} of every session, and put every clock back to real time?`;
      if (!window.confirm(question)) return;
      await admin('POST', `/reset${sessionQuery('?')}`);
      announce(session ? `Session "${session}" was reset.` : 'The mock was reset.');
      refresh();
    })(),
);
// Looking at one session, a rule added from the form is for that session too (unless typed otherwise).
const ruleSession = byId<HTMLInputElement>('rule-session');
let prefilled = '';
sessionFilter.addEventListener('input', () => {
  const session = sessionFilter.value.trim();
  byId('reset-all').textContent = session ? `Reset session "${session}"` : 'Reset everything';
  if (ruleSession.value.trim() === prefilled) ruleSession.value = session;
  prefilled = session;
  refresh();
});

// Any failed action ends up here: say what went wrong where the tester is looking.
window.addEventListener('unhandledrejection', (event) => {
  const error: unknown = event.reason;
  // Shown on the page: not also an "Uncaught (in promise)" error in the console.
  event.preventDefault();
  announce(
    error instanceof AdminError ? `The mock refused: ${error.detail}` : `Something failed: ${String(error)}`,
    'error',
  );
});

void poll()
  .then(() => admin<{ operations: CatalogOperation[] }>('GET', '/scenarios/catalog'))
  .then(({ operations }) => renderCatalog(operations));
setInterval(() => {
  clock.tick();
  tokens.tick();
  void poll();
}, POLL_MS);
