import type { Application } from '../core/access-tokens';
import type { Int64 } from '../core/int64';
import { parseInt64 } from '../core/int64';
import type { IdLists } from '../core/object-directory';
import { ID_PARAMETERS, isIdParameter } from '../core/object-types';
import { ConfigError } from './config-error';
import type { Catalog, CatalogObject } from '../core/catalog-directory';
import { CATALOG_LIST_OF } from '../core/catalog-directory';
import type { RuleInput } from '../core/scenarios/rules';
import { checkRule } from '../core/scenarios/rules';

/** The config file as written: id lists keyed by the service's parameter names, applications. */
export interface MockConfigInput {
  missing?: Partial<Record<string, readonly (string | number)[]>>;
  forbidden?: Partial<Record<string, readonly (string | number)[]>>;
  applications?: readonly Application[];
  rules?: readonly unknown[];
  catalog?: unknown;
}

/** The config, checked: ids exact, applications complete. */
export interface MockConfig {
  missing: IdLists;
  forbidden: IdLists;
  applications: readonly Application[];
  /** Scenario rules for the global session, in the order they are tried. */
  rules: readonly RuleInput[];
  /** A closed world (from `view-token-mock catalog`), or undefined for the open default. */
  catalog: Catalog | undefined;
}

const KNOWN_KEYS = new Set(['missing', 'forbidden', 'applications', 'rules', 'catalog', '$schema', 'description']);

/** Checks a config object (from a file or the library API). */
export function toMockConfig(input: unknown, where = 'config'): MockConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new ConfigError(`${where}: expected a JSON object`);
  const record = input as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) throw new ConfigError(`${where}: unknown field ${unknown.map((key) => `"${key}"`).join(', ')} (known: missing, forbidden, applications, rules, catalog)`);
  const config: MockConfig = {
    missing: toIdLists(record.missing, `${where}: missing`),
    forbidden: toIdLists(record.forbidden, `${where}: forbidden`),
    applications: toApplications(record.applications, `${where}: applications`),
    rules: toRules(record.rules, `${where}: rules`),
    catalog: undefined,
  };
  if (record.catalog !== undefined) config.catalog = toCatalog(record.catalog, config.applications, `${where}: catalog`);
  return config;
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
  return value.map((rule: unknown, index) => {
    const added = checkRule(rule);
    if (added.kind === 'invalid') throw new ConfigError(`${where}[${index}]: ${added.detail}`);
    return rule as RuleInput;
  });
}

function toCatalog(value: unknown, applications: readonly { appKey: string }[], where: string): Catalog {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${where}: expected an object of lists (files, integrations, …)`);
  if (applications.length === 0) throw new ConfigError(`${where}: a catalog needs "applications" (each object is owned by one appKey)`);
  const owners = new Set(applications.map((app) => app.appKey));
  const record = value as Record<string, unknown>;
  const catalog: Record<string, CatalogObject[]> = {};
  for (const list of Object.values(CATALOG_LIST_OF)) {
    const items = record[list] ?? [];
    if (!Array.isArray(items)) throw new ConfigError(`${where}.${list}: expected an array`);
    catalog[list] = items.map((item: unknown, index) => {
      const object = item as Partial<CatalogObject> & Record<string, unknown>;
      const at = `${where}.${list}[${index}]`;
      if (typeof object?.name !== 'string') throw new ConfigError(`${at}: needs a "name"`);
      if (typeof object.owner !== 'string' || !owners.has(object.owner)) throw new ConfigError(`${at}: "owner" must be the appKey of one of the applications`);
      const extra: Record<string, unknown> = {};
      for (const key of ['fileIds', 'baseFileId', 'targetFileId'] as const) {
        if (object[key] !== undefined) extra[key] = Array.isArray(object[key]) ? (object[key] as unknown[]).map((id) => toInt64(id, `${at}.${key}`)) : toInt64(object[key], `${at}.${key}`);
      }
      return { ...object, ...extra, id: toInt64(object.id, `${at}.id`), name: object.name, owner: object.owner } as CatalogObject;
    });
  }
  const fileIds = new Set((catalog.files ?? []).map((file) => file.id as string));
  (catalog.integrations ?? []).forEach((integration, index) => {
    const missing = ((integration as { fileIds?: string[] }).fileIds ?? []).find((id) => !fileIds.has(id));
    if (missing !== undefined) throw new ConfigError(`${where}.integrations[${index}].fileIds: ${missing} is not one of the catalog's files`);
  });
  return catalog as unknown as Catalog;
}
