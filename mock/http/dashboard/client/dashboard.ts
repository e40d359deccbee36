// The QA dashboard at /__admin/ui: polls the admin API once a second and ticks countdowns locally.
import { AdminError, admin } from './admin-api';
import { announce, byId } from './dom';
import { renderCatalog } from './catalog-panel';
import { createClockPanel } from './clock-panel';
import { createJournalPanel } from './journal-panel';
import { MockNow } from './mock-now';
import { createRulesPanel } from './rules-panel';
import { createTokensPanel } from './tokens-panel';
import type { CatalogOperation, ClockState, JournalEntry, Rule, ViewTokenRecord } from './wire';

const POLL_MS = 1000;
const JOURNAL_ROWS = 100;

const now = new MockNow();
const refresh = (): void => void poll();
const clock = createClockPanel(now, refresh);
const tokens = createTokensPanel(now, refresh);
const rules = createRulesPanel(refresh);
const journal = createJournalPanel();
const sessionFilter = byId<HTMLInputElement>('session-filter');

function sessionQuery(prefix: '?' | '&'): string {
  const session = sessionFilter.value.trim();
  return session ? `${prefix}session=${encodeURIComponent(session)}` : '';
}

let polling: Promise<void> | undefined;
function poll(): Promise<void> {
  polling ??= (async () => {
    try {
      const [clockState, tokenList, ruleList, requests] = await Promise.all([
        admin<ClockState>('GET', '/clock'),
        admin<{ viewTokens: ViewTokenRecord[] }>('GET', `/view-tokens${sessionQuery('?')}`),
        admin<{ rules: Rule[] }>('GET', `/scenarios${sessionQuery('?')}`),
        admin<{ requests: JournalEntry[] }>('GET', `/requests?limit=${JOURNAL_ROWS}${sessionQuery('&')}`),
      ]);
      clock.render(clockState);
      tokens.render(tokenList.viewTokens);
      rules.render(ruleList.rules);
      journal.render(requests.requests);
      byId('connection').textContent = '';
    } catch (error) {
      byId('connection').textContent = `Cannot reach the mock's admin API (${error instanceof Error ? error.message : String(error)}); retrying.`;
    } finally {
      polling = undefined;
    }
  })();
  return polling;
}

byId('journal-clear').addEventListener('click', () => void admin('DELETE', `/requests${sessionQuery('?')}`).then(() => {
  announce('Emptied the journal.');
  refresh();
}));
byId('reset-all').addEventListener('click', () => {
  if (!window.confirm('Reset the mock: remove every View Token, rule and journal entry and put the clock back to real time?')) return;
  void admin('POST', '/reset').then(() => {
    announce('The mock was reset.');
    refresh();
  });
});
// Looking at one session, a rule added from the form is for that session too (unless typed otherwise).
const ruleSession = byId<HTMLInputElement>('rule-session');
let prefilled = '';
sessionFilter.addEventListener('input', () => {
  const session = sessionFilter.value.trim();
  if (ruleSession.value.trim() === prefilled) ruleSession.value = session;
  prefilled = session;
  refresh();
});

// Any failed action ends up here: say what went wrong where the tester is looking.
window.addEventListener('unhandledrejection', (event) => {
  const error: unknown = event.reason;
  // Shown on the page: not also an "Uncaught (in promise)" error in the console.
  event.preventDefault();
  announce(error instanceof AdminError ? `The mock refused: ${error.detail}` : `Something failed: ${String(error)}`, 'error');
});

void poll().then(() => admin<{ operations: CatalogOperation[] }>('GET', '/scenarios/catalog')).then(({ operations }) => renderCatalog(operations));
setInterval(() => {
  clock.tick();
  tokens.tick();
  void poll();
}, POLL_MS);
