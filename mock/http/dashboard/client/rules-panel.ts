import { admin } from './admin-api';
import { announce, byId, cell, h } from './dom';
import { countOf, describeSession, selectedSession, sessionQuery } from './session';
import type { Preferences, Rule, RuleInput, ServiceOperation } from './wire';

/** `code=403`, `scenario=forbidden`, `delay=3000`, `fault=connection-reset`: the form's outcome values. */
function toPreferences(outcome: string): Preferences {
  const [name, value = ''] = outcome.split('=');
  switch (name) {
    case 'code':
      return { code: value };
    case 'delay':
      return { delay: value };
    case 'scenario':
      return { scenario: value as NonNullable<Preferences['scenario']> };
    case 'fault':
      return { fault: value as NonNullable<Preferences['fault']> };
    default:
      throw new Error(`Unknown outcome "${outcome}".`);
  }
}

function describeWhen(rule: Rule): string {
  const { operation, param, equals, accessToken } = rule.when;
  const parts = [operation ?? 'every operation'];
  if (param !== undefined) parts.push(equals === undefined ? `with ${param}` : `${param} = ${equals}`);
  if (accessToken !== undefined) parts.push('one access token');
  return parts.join(', ');
}

const describeThen = (then: Preferences): string =>
  Object.entries(then)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('; ');

/** The scenario rules: the list, the add form, the one-click "all requests → …" buttons. */
export function createRulesPanel(refresh: () => void) {
  const body = byId<HTMLTableSectionElement>('rules-body');
  let signature = '';

  async function add(input: RuleInput, what: string): Promise<void> {
    const session = byId<HTMLInputElement>('rule-session').value.trim();
    const rule = await admin<Rule>('POST', '/scenarios', input, session ? { 'X-Mock-Session': session } : {});
    announce(`Added rule ${rule.id}: ${what}${session ? ` (session ${session})` : ''}.`);
    refresh();
  }

  byId('rule-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const value = (id: string) => byId<HTMLInputElement | HTMLSelectElement>(id).value.trim();
    const operation = value('rule-operation');
    const param = value('rule-param');
    const equals = value('rule-equals');
    const times = value('rule-times');
    const when: RuleInput['when'] = {
      ...(operation ? { operation: operation as ServiceOperation } : {}),
      ...(param ? { param } : {}),
      ...(equals ? { equals } : {}),
    };
    void add(
      { when, then: toPreferences(value('rule-outcome')), ...(times ? { times: Number(times) } : {}) },
      `${operation || 'every operation'} → ${value('rule-outcome')}`,
    );
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-all-requests]')) {
    const outcome = button.dataset.allRequests ?? '';
    button.addEventListener('click', () => void add({ then: toPreferences(outcome) }, `all requests → ${outcome}`));
  }
  // Clears the rules the table shows: the selected session's only (every session's without a filter).
  byId('rules-clear').addEventListener(
    'click',
    () =>
      void (async () => {
        const session = selectedSession();
        const { rules } = await admin<{ rules: Rule[] }>('GET', `/scenarios${sessionQuery('?')}`);
        if (rules.length === 0) return announce(`No rules to remove in ${describeSession(session)}.`);
        if (!window.confirm(`Remove ${countOf(rules.length, 'rule')} of ${describeSession(session)}?`)) return;
        const { removed } = await admin<{ removed: number }>('DELETE', `/scenarios${sessionQuery('?')}`);
        announce(`Removed ${countOf(removed, 'rule')} of ${describeSession(session)}.`);
        refresh();
      })(),
  );

  async function remove(id: string): Promise<void> {
    if (!window.confirm(`Remove rule ${id}?`)) return;
    await admin('DELETE', `/scenarios/${encodeURIComponent(id)}`);
    announce(`Removed rule ${id}.`);
    refresh();
  }

  function render(rules: Rule[]): void {
    const next = JSON.stringify(rules);
    if (next === signature) return;
    signature = next;
    byId('rules-count').textContent = String(rules.length);
    body.replaceChildren(
      ...(rules.length === 0
        ? [h('tr', {}, h('td', { colspan: 6, class: 'empty' }, 'No rules: every request gets its real answer.'))]
        : rules.map((rule) =>
            h(
              'tr',
              {},
              cell('Rule', rule.id),
              cell('Session', rule.session || '(no session)'),
              cell('When', describeWhen(rule)),
              cell('Then', describeThen(rule.then)),
              cell('Uses left', rule.remaining === null ? 'unlimited' : rule.remaining),
              cell(
                '',
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'danger',
                    'aria-label': `Remove rule ${rule.id}`,
                    onclick: () => void remove(rule.id),
                  },
                  'Remove',
                ),
              ),
            ),
          )),
    );
  }

  return { render };
}
