import type { Check } from './check-types';
import { CHECKS } from './checks';

/** Where the table sits in docs/guides/contract-testing.md (the contract guide). */
export const CHECKS_TABLE_BEGIN =
  '<!-- checks:begin (generated from the check definitions by `npm run contracts:docs`; do not edit by hand) -->';
export const CHECKS_TABLE_END = '<!-- checks:end -->';

/**
 * The contract guide's table of every check with what it enforces and the sentence of the interface
 * document it comes from, made from the check definitions themselves (a test fails when the guide's copy is stale).
 * @example toChecksTable().split('\n')[0] // '| Check | What it enforces | Interface document |'
 */
export function toChecksTable(checks: readonly Check[] = CHECKS): string {
  const rows = checks.map((check) => `| \`${check.name}\` | ${cell(check.detail)} | ${cell(`"${check.source}"`)} |`);
  return ['| Check | What it enforces | Interface document |', '|---|---|---|', ...rows].join('\n');
}

/** Markdown table cell text: `|` escaped, and `<`/`>` outside code spans written as entities (else read as HTML). */
function cell(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('`')
    .replace(/\|/g, '\\|');
}
