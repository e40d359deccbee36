import { readFileSync } from 'node:fs';
import type { Application } from './core/access-tokens';
import type { Int64 } from './core/int64';
import { parseInt64 } from './core/int64';
import type { IdLists } from './core/object-directory';
import { ID_PARAMETERS, isIdParameter } from './core/object-types';
import { ConfigError } from './config-error';
import type { RuleInput } from './core/scenarios/rules';
import { createRules } from './core/scenarios/rules';

/** The config file as written: id lists keyed by the service's parameter names, applications. */
export interface MockConfigInput {
  missing?: Partial<Record<string, readonly (string | number)[]>>;
  forbidden?: Partial<Record<string, readonly (string | number)[]>>;
  applications?: readonly Application[];
  rules?: readonly unknown[];
}

/** The config, checked: ids exact, applications complete. */
export interface MockConfig {
  missing: IdLists;
  forbidden: IdLists;
  applications: readonly Application[];
  /** Scenario rules for the global session, in the order they are tried. */
  rules: readonly RuleInput[];
}

const KNOWN_KEYS = new Set(['missing', 'forbidden', 'applications', 'rules', '$schema', 'description']);

/** Reads and checks a JSON config file; every problem names the file and the field. */
export function loadConfigFile(path: string): MockConfig {
  let text: string;
  try { text = readFileSync(path, 'utf8'); } catch (error) {
    throw new ConfigError(`--config ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch (error) {
    throw new ConfigError(`--config ${path}: not valid JSON (${(error as Error).message})`);
  }
  return toMockConfig(parsed, `--config ${path}`);
}

/** Checks a config object (from a file or the library API). */
export function toMockConfig(input: unknown, where = 'config'): MockConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ConfigError(`${where}: expected a JSON object`);
  const record = input as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) throw new ConfigError(`${where}: unknown field ${unknown.map((key) => `"${key}"`).join(', ')} (known: missing, forbidden, applications, rules)`);
  return {
    missing: toIdLists(record.missing, `${where}: missing`),
    forbidden: toIdLists(record.forbidden, `${where}: forbidden`),
    applications: toApplications(record.applications, `${where}: applications`),
    rules: toRules(record.rules, `${where}: rules`),
  };
}

function toIdLists(value: unknown, where: string): IdLists {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${where}: expected an object such as {"fileId": ["123"]}`);
  const lists: Record<string, Int64[]> = {};
  for (const [parameter, ids] of Object.entries(value)) {
    if (!isIdParameter(parameter)) throw new ConfigError(`${where}: "${parameter}" is not an id parameter (use ${ID_PARAMETERS.join(', ')})`);
    if (!Array.isArray(ids)) throw new ConfigError(`${where}.${parameter}: expected an array of ids`);
    lists[parameter] = ids.map((id: unknown) => toInt64(id, `${where}.${parameter}`));
  }
  return lists;
}

function toInt64(id: unknown, where: string): Int64 {
  if (typeof id === 'number' && !Number.isSafeInteger(id)) {
    throw new ConfigError(`${where}: ${id} is not exact as a JSON number; write ids as strings ("9223372036854775807")`);
  }
  const parsed = typeof id === 'string' || typeof id === 'number' ? parseInt64(String(id)) : undefined;
  if (parsed?.kind !== 'ok') throw new ConfigError(`${where}: ${JSON.stringify(id)} is not an int64 id`);
  return parsed.value;
}

function toApplications(value: unknown, where: string): Application[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigError(`${where}: expected an array of {"appKey", "appSecret"}`);
  return value.map((app: unknown, index) => {
    const entry = app as Partial<Application> | null;
    if (typeof entry?.appKey !== 'string' || entry.appKey === '' || typeof entry.appSecret !== 'string' || entry.appSecret === '') {
      throw new ConfigError(`${where}[${index}]: needs a non-empty "appKey" and "appSecret"`);
    }
    const tokens = entry.accessTokens;
    if (tokens !== undefined && (!Array.isArray(tokens) || tokens.some((token) => typeof token !== 'string' || token.trim() === ''))) {
      throw new ConfigError(`${where}[${index}].accessTokens: expected an array of non-empty strings`);
    }
    return {
      appKey: entry.appKey, appSecret: entry.appSecret,
      ...(typeof entry.name === 'string' ? { name: entry.name } : {}),
      ...(tokens === undefined ? {} : { accessTokens: [...tokens] }),
    };
  });
}

function toRules(value: unknown, where: string): RuleInput[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ConfigError(`${where}: expected an array of {when?, then, times?}`);
  const check = createRules();
  return value.map((rule: unknown, index) => {
    const added = check.add(rule, '');
    if (added.kind === 'invalid') throw new ConfigError(`${where}[${index}]: ${added.detail}`);
    return rule as RuleInput;
  });
}
