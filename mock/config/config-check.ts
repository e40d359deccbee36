import type { Application } from '../core/access-tokens';
import type { Int64 } from '../core/int64';
import { parseInt64 } from '../core/int64';
import type { IdLists, KnownObject, KnownObjects } from '../core/object-directory';
import { SESSION_IDLE_FORM, readSessionIdle } from '../core/idle-clocks';
import { ConfigError } from './config-error';
import { validateConfig } from './generated/validate-config';
import { toSchemaMessage } from './schema-errors';
import type { Catalog, CatalogObject } from '../core/catalog-directory';
import { CATALOG_LIST_OF } from '../core/catalog-directory';
import type { RuleInput, SessionRules } from '../core/scenarios/rule';
import { checkRule } from '../core/scenarios/rule-check';
import type { ModelSetting } from '../viewer/model/model-catalog';

/** The config file as written: id lists keyed by the service's parameter names, applications. */
export interface MockConfigInput {
  missing?: Partial<Record<string, readonly (string | number)[]>>;
  forbidden?: Partial<Record<string, readonly (string | number)[]>>;
  /** Open-world objects known by name: `{ "fileId": { "10001": { "name": "Tower.rvt", "extension": "rvt" } } }`. */
  objects?: Partial<Record<string, Record<string, { name?: string; extension?: string; model?: unknown }>>>;
  applications?: readonly Application[];
  rules?: readonly unknown[];
  /** Rules files (paths from the config file's folder), each loaded into its session; read by loadConfigFile. */
  ruleFiles?: readonly string[];
  /** A session's own clock is forgotten after this long quiet (`'24h'`, ms; `0` or `'off'`: never); the library's `sessionIdle` wins. */
  sessionIdle?: string | number;
  catalog?: unknown;
}

/** The config, checked: ids exact, applications complete. */
export interface MockConfig {
  missing: IdLists;
  forbidden: IdLists;
  /** Open-world objects known by name and extension (never missing or forbidden). */
  objects: KnownObjects;
  applications: readonly Application[];
  /** Scenario rules for the global session, in the order they are tried. */
  rules: readonly RuleInput[];
  /** Rules files' rules, each in its session (the CLI's --rules, the config file's ruleFiles). */
  sessionRules: readonly SessionRules[];
  /** A closed world (from `view-token-mock catalog`), or undefined for the open default. */
  catalog: Catalog | undefined;
  /** The viewer's model of each object the config shapes, keyed `fileId:10001` (others: generated from the id). */
  models: ReadonlyMap<string, ModelSetting>;
  /** `sessionIdle` in ms, null for never; undefined when the config does not say. */
  sessionIdleMs: number | null | undefined;
}

/** Configs this module checked: passed again (createMockServer, then createMockCore), they are not checked twice. */
const CHECKED = new WeakSet<MockConfig>();

/**
 * Checks a config object (from a file or the library API): first against the config schema
 * (view-token-mock.config.schema.json, compiled at build time), then what a schema cannot say:
 * ids exact as int64, catalog owners and child files, rule switches.
 */
export function toMockConfig(input: unknown, where = 'config'): MockConfig {
  if (typeof input === 'object' && input !== null && CHECKED.has(input as MockConfig)) return input as MockConfig;
  if (!validateConfig(input)) {
    const [first] = validateConfig.errors ?? [];
    throw new ConfigError(first === undefined ? `${where}: not a valid config` : toSchemaMessage(where, first));
  }
  const record = input as Record<string, unknown>;
  // Files are read where files are (loadConfigFile, the CLI); a config object in code names its rules itself.
  if (record.ruleFiles !== undefined)
    throw new ConfigError(
      `${where}: ruleFiles names files, read only from a config file (--config); in code, add the rules with mock.scenarios.addAll`,
    );
  const config: MockConfig = {
    missing: toIdLists(record.missing, `${where}: missing`),
    forbidden: toIdLists(record.forbidden, `${where}: forbidden`),
    objects: {},
    applications: toApplications(record.applications),
    rules: toRules(record.rules, `${where}: rules`),
    sessionRules: [],
    catalog: undefined,
    models: toModelSettings(record.objects, `${where}: objects`),
    sessionIdleMs: toSessionIdleMs(record.sessionIdle, where),
  };
  config.objects = toKnownObjects(record.objects, config, `${where}: objects`);
  if (record.catalog !== undefined)
    config.catalog = toCatalog(record.catalog, config.applications, `${where}: catalog`);
  CHECKED.add(config);
  return config;
}

/** A model as the schema passed it (every field optional). */
interface ModelInput {
  file?: string;
  levels?: number;
  footprint?: { width: number; depth: number };
  seed?: string | number;
  discipline?: 'architecture' | 'structure';
  sheets?: { name: string; level: string }[];
  files?: (string | number)[];
}

/**
 * The objects' `model` settings as the schema passed them: a file, or a generated building's shape
 * (not both); an integration's `files` (and nothing else); `sheets` for a file's drawing.
 */
function toModelSettings(value: unknown, where: string): Map<string, ModelSetting> {
  const settings = new Map<string, ModelSetting>();
  const objects = (value ?? {}) as Record<string, Record<string, { model?: ModelInput; name?: string }>>;
  for (const [parameter, byId] of Object.entries(objects)) {
    for (const [key, object] of Object.entries(byId)) {
      if (object.model === undefined) continue;
      const id = toInt64(key, `${where}.${parameter}`);
      const at = `${where}.${parameter}.${key}.model`;
      settings.set(`${parameter}:${id}`, toModelSetting(object.model, parameter, at, objects.fileId ?? {}));
    }
  }
  return settings;
}

function toModelSetting(
  model: ModelInput,
  parameter: string,
  at: string,
  files: Record<string, { name?: string }>,
): ModelSetting {
  const { file, sheets, files: fileIds, ...shape } = model;
  const shaped = Object.keys(shape);
  if (parameter === 'integrateId') {
    const extra = [...(file === undefined ? [] : ['file']), ...(sheets === undefined ? [] : ['sheets']), ...shaped];
    if (fileIds === undefined || extra.length > 0)
      throw new ConfigError(
        `${at}: an integrated model's model is its "files" (the file ids it integrates, each shaped under fileId)${extra.length > 0 ? `, not ${extra.join(', ')}` : ''}`,
      );
    const ids = fileIds.map((fileId, index) => toInt64(fileId, `${at}.files[${index}]`));
    return { kind: 'integration', files: ids.map((fileId) => ({ fileId, name: files[fileId]?.name })) };
  }
  if (fileIds !== undefined) throw new ConfigError(`${at}.files: only an integrated model (integrateId) lists files`);
  if (file !== undefined && shaped.length > 0)
    throw new ConfigError(
      `${at}: "file" names the team's model; ` +
        `${shaped.join(', ')} shape a generated building: give one or the other`,
    );
  return file === undefined
    ? { kind: 'generated', options: shape, sheets }
    : { kind: 'file', file, where: `${at}.file`, sheets };
}

/** Id lists as the schema passed them: every key an id parameter, every id a string or safe integer of digits. */
function toIdLists(value: unknown, where: string): IdLists {
  const lists: Record<string, Int64[]> = {};
  for (const [parameter, ids] of Object.entries((value ?? {}) as Record<string, readonly unknown[]>)) {
    lists[parameter] = ids.map((id, index) => toInt64(id, `${where}.${parameter}[${index}]`));
  }
  return lists;
}

/** Known objects as the schema passed them: ids exact, none also listed as missing or forbidden. */
function toKnownObjects(value: unknown, lists: { missing: IdLists; forbidden: IdLists }, where: string): KnownObjects {
  const known: Record<string, Record<string, KnownObject>> = {};
  for (const [parameter, objects] of Object.entries((value ?? {}) as Record<string, Record<string, KnownObject>>)) {
    const byId: Record<string, KnownObject> = {};
    for (const [key, object] of Object.entries(objects)) {
      const id = toInt64(key, `${where}.${parameter}`);
      for (const list of ['missing', 'forbidden'] as const) {
        if (lists[list][parameter as keyof IdLists]?.includes(id))
          throw new ConfigError(
            `${where}.${parameter}: ${JSON.stringify(key)} is also listed in ${list}.${parameter}; ` +
              "a known object exists and is the caller's",
          );
      }
      byId[id] = {
        ...(object.name === undefined ? {} : { name: object.name }),
        ...(object.extension === undefined ? {} : { extension: object.extension }),
      };
    }
    known[parameter] = byId;
  }
  return known as KnownObjects;
}

/** Exact: a string is read digit by digit; a JSON number only when it is a safe integer (the schema's bounds). */
function toInt64(id: unknown, where: string): Int64 {
  const parsed =
    typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? parseInt64(String(id)) : undefined;
  if (parsed?.kind !== 'ok') throw new ConfigError(`${where}: ${JSON.stringify(id)} is not an int64 id`);
  return parsed.value;
}

function toApplications(value: unknown): Application[] {
  return ((value ?? []) as readonly Application[]).map((entry) => ({
    appKey: entry.appKey,
    appSecret: entry.appSecret,
    ...(entry.name === undefined ? {} : { name: entry.name }),
    ...(entry.accessTokens === undefined ? {} : { accessTokens: [...entry.accessTokens] }),
  }));
}

function toRules(value: unknown, where: string): RuleInput[] {
  return ((value ?? []) as readonly unknown[]).map((rule: unknown, index) => {
    const added = checkRule(rule);
    if (added.kind === 'invalid') throw new ConfigError(`${where}[${index}]: ${added.detail}`);
    return rule as RuleInput;
  });
}

function toCatalog(value: unknown, applications: readonly { appKey: string }[], where: string): Catalog {
  if (applications.length === 0)
    throw new ConfigError(`${where}: a catalog needs "applications" (each object is owned by one appKey)`);
  const owners = new Set(applications.map((app) => app.appKey));
  const record = value as Record<string, unknown>;
  const catalog: Record<string, CatalogObject[]> = {};
  for (const list of Object.values(CATALOG_LIST_OF)) {
    const items = (record[list] ?? []) as readonly unknown[];
    catalog[list] = items.map((item: unknown, index) => {
      const object = item as Partial<CatalogObject> & Record<string, unknown>;
      const at = `${where}.${list}[${index}]`;
      if (typeof object.owner !== 'string' || !owners.has(object.owner))
        throw new ConfigError(`${at}: "owner" must be the appKey of one of the applications`);
      const extra: Record<string, unknown> = {};
      for (const key of ['fileIds', 'baseFileId', 'targetFileId'] as const) {
        if (object[key] !== undefined)
          extra[key] = Array.isArray(object[key])
            ? (object[key] as unknown[]).map((id) => toInt64(id, `${at}.${key}`))
            : toInt64(object[key], `${at}.${key}`);
      }
      return {
        ...object,
        ...extra,
        id: toInt64(object.id, `${at}.id`),
        name: object.name,
        owner: object.owner,
      } as CatalogObject;
    });
  }
  const fileIds = new Set((catalog.files ?? []).map((file) => file.id as string));
  (catalog.integrations ?? []).forEach((integration, index) => {
    const missing = ((integration as { fileIds?: string[] }).fileIds ?? []).find((id) => !fileIds.has(id));
    if (missing !== undefined)
      throw new ConfigError(`${where}.integrations[${index}].fileIds: ${missing} is not one of the catalog's files`);
  });
  return catalog as unknown as Catalog;
}

/** The config's `sessionIdle` as ms (null: never), undefined when absent; a ConfigError naming the allowed form. */
function toSessionIdleMs(value: unknown, where: string): number | null | undefined {
  if (value === undefined) return undefined;
  const read = readSessionIdle(value as string | number);
  if (read.kind === 'ok') return read.ms;
  throw new ConfigError(`${where}: sessionIdle ${JSON.stringify(value)}: allowed: ${SESSION_IDLE_FORM}`);
}
