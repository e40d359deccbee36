import { readFileSync } from 'node:fs';
import type { RuleInput, SessionRules } from '../core/scenarios/rule';
import { checkRule } from '../core/scenarios/rule-check';
import { MAX_RULES_PER_SESSION } from '../core/scenarios/rules';
import { checkSessionLength } from '../core/session-limit';
import { ConfigError } from './config-error';

const FILE_KEYS = ['session', 'rules'] as const;

/**
 * Reads a rules file (`--rules`, the config's `ruleFiles`): a JSON array of rules for the global
 * session, or `{"session": "qa-7", "rules": [...]}` for a named one. All or none, as
 * POST /__admin/scenarios takes an array: a rule the mock cannot use is a ConfigError naming the
 * file, the rule's index and what is allowed.
 * @example loadRulesFile('qa-7.rules.json', '--rules qa-7.rules.json') // { session: 'qa-7', rules: [...] }
 */
export function loadRulesFile(file: string, where: string): SessionRules {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${where}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${where}: not valid JSON (${(error as Error).message})`);
  }
  return toSessionRules(parsed, where);
}

/** A rules file's content, checked: its session and its rules, each one the mock can use. */
function toSessionRules(parsed: unknown, where: string): SessionRules {
  const { session, rules } = toParts(parsed, where);
  if (rules.length === 0) throw new ConfigError(`${where}: "rules" is empty; give at least one rule`);
  if (rules.length > MAX_RULES_PER_SESSION)
    throw new ConfigError(
      `${where}: ${rules.length} rules; a session holds at most ${MAX_RULES_PER_SESSION}, split them over sessions`,
    );
  for (const [index, rule] of rules.entries()) {
    const checked = checkRule(rule);
    if (checked.kind === 'invalid') throw new ConfigError(`${where}: rule [${index}]: ${checked.detail}`);
  }
  return { session, rules: rules as readonly RuleInput[] };
}

/** The file's session ('' for a bare array) and its rules, unchecked. */
function toParts(parsed: unknown, where: string): { session: string; rules: readonly unknown[] } {
  if (Array.isArray(parsed)) return { session: '', rules: parsed };
  const shape = `a rules file is a JSON array of rules, or {"session": "name", "rules": [...]}`;
  if (typeof parsed !== 'object' || parsed === null) throw new ConfigError(`${where}: ${shape}`);
  const record = parsed as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !(FILE_KEYS as readonly string[]).includes(key));
  if (extra !== undefined)
    throw new ConfigError(`${where}: "${extra}" is not part of a rules file (known: ${FILE_KEYS.join(', ')})`);
  if (typeof record.session !== 'string') throw new ConfigError(`${where}: "session" must be a string; ${shape}`);
  const tooLong = checkSessionLength(record.session);
  if (tooLong !== undefined) throw new ConfigError(`${where}: "session": ${tooLong}`);
  if (!Array.isArray(record.rules)) throw new ConfigError(`${where}: "rules" must be an array; ${shape}`);
  return { session: record.session, rules: record.rules };
}
