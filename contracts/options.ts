import { accessSync, constants, statSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nearestName } from './nearest-name';

/** The id flags, each naming the service parameter it fills. */
export const ID_FLAGS = {
  'file-id': 'fileId',
  'integrate-id': 'integrateId',
  'child-file-id': 'childFileId',
  'compare-id': 'compareId',
  'scene-id': 'sceneId',
  'submodel-id': 'submodelId',
  'clash-detective-id': 'clashDetectiveId',
  'module-data-id': 'moduleDataId',
  'missing-id': 'missingId',
  'forbidden-file-id': 'forbiddenFileId',
} as const;

export type IdFlag = keyof typeof ID_FLAGS;
export type IdName = (typeof ID_FLAGS)[IdFlag];

/**
 * What the harness checks: a base URL, or a Node request listener / Express app run in-process
 * (on an ephemeral loopback port the run opens and closes, as supertest does).
 */
export type ContractTarget = URL | RequestListener;

/** The harness's checked options. Ids stay decimal strings, never JS numbers. */
export interface ContractOptions {
  target: ContractTarget;
  accessToken: string;
  ids: Partial<Record<IdName, string>>;
  specPath: string | undefined;
  checks: readonly string[] | 'all';
  excludeChecks: readonly string[];
  junitFile: string | undefined;
  jsonFile: string | undefined;
  timeoutMs: number;
}

/** A flag or value the harness cannot run with (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

const INT64 = /^[+-]?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** A flag of `view-token-contracts`: its value's placeholder (none: a switch), and what `--help` and docs/reference/cli.md say of it. */
export interface ContractFlag {
  group: 'Required' | 'Object ids (int64; each enables the checks that need it)' | 'Options';
  value?: string;
  help: string;
}

const ID_FLAG_HELP = {
  'file-id': "a file the Access Token's application owns (fileId)",
  'integrate-id': 'an integrated model of that application (integrateId)',
  'child-file-id': 'a file of --integrate-id (the POST child-file operation)',
  'compare-id': 'a comparison (compareId)',
  'scene-id': 'a scene (sceneId)',
  'submodel-id': 'a sub-model (submodelId)',
  'clash-detective-id': 'a clash detection (clashDetectiveId)',
  'module-data-id': 'component data (moduleDataId)',
  'missing-id': 'an id that names no object (404 checks)',
  'forbidden-file-id': 'a file of another application (403 checks)',
} as const satisfies Record<IdFlag, string>;

/** Every flag the harness takes, in `--help` order: the parser accepts exactly these. */
export const CONTRACT_FLAGS: Readonly<Record<string, ContractFlag>> = {
  'base-url': {
    group: 'Required',
    value: 'URL',
    help: 'the implementation, e.g. http://127.0.0.1:4010 or https://host/api',
  },
  'access-token': {
    group: 'Required',
    value: 'T',
    help: 'a valid application Access Token (sent as "Authorization: Bearer T")',
  },
  ...Object.fromEntries(
    Object.entries(ID_FLAG_HELP).map(([flag, help]) => [
      flag,
      { group: 'Object ids (int64; each enables the checks that need it)', value: 'N', help },
    ]),
  ),
  spec: {
    group: 'Options',
    value: 'FILE',
    help: 'the contract, OpenAPI 3.0 or 3.1, $refs to other files allowed (default: the packaged spec/view-token.openapi.yaml)',
  },
  checks: { group: 'Options', value: 'all|a,b', help: 'run only these checks' },
  'exclude-checks': { group: 'Options', value: 'a,b', help: 'skip these checks' },
  junit: {
    group: 'Options',
    value: 'FILE',
    help: "write a JUnit XML report (each check's time; failing exchanges in <system-out>)",
  },
  json: { group: 'Options', value: 'FILE', help: 'write a JSON report (schema: contracts/report.schema.json)' },
  timeout: { group: 'Options', value: 'MS', help: `per request (default ${DEFAULT_TIMEOUT_MS})` },
  help: { group: 'Options', help: 'print this help (also -h)' },
  version: { group: 'Options', help: 'print the version' },
};

export type ParsedCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: ContractOptions };

/** Parses the command line; every problem is a UsageError naming the flag. */
export function parseContractArgs(args: readonly string[]): ParsedCommand {
  const options = Object.fromEntries(
    Object.entries(CONTRACT_FLAGS).map(([flag, { value }]) => [
      flag,
      {
        type: value === undefined ? 'boolean' : 'string',
        ...(flag === 'help' ? { short: 'h' } : {}),
      },
    ]),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...args], options: options as never, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${withNearestFlag((error as Error).message.split('\n')[0] ?? '')} (see --help)`);
  }
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const text = (flag: string): string | undefined => values[flag] as string | undefined;
  const target = toBaseUrl(text('base-url'));
  const accessToken = text('access-token');
  if (!accessToken)
    throw new UsageError(
      '--access-token is required: the application Access Token sent as "Authorization: Bearer <token>"',
    );
  const ids: Partial<Record<IdName, string>> = {};
  for (const [flag, name] of Object.entries(ID_FLAGS) as [IdFlag, IdName][]) {
    const value = text(flag);
    if (value !== undefined) ids[name] = toInt64(value, `--${flag}`);
  }
  return {
    kind: 'run',
    options: {
      target,
      accessToken,
      ids,
      specPath: text('spec'),
      checks: toList(text('checks')) ?? 'all',
      excludeChecks: toList(text('exclude-checks')) ?? [],
      junitFile: toReportFile(text('junit'), '--junit'),
      jsonFile: toReportFile(text('json'), '--json'),
      timeoutMs: toTimeout(text('timeout')),
    },
  };
}

/** Node's "Unknown option '--acess-token'" with the flag probably meant: "; did you mean --access-token?". */
function withNearestFlag(message: string): string {
  const unknown = /^Unknown option '--?([^'=]+)'/.exec(message)?.[1];
  const nearest = unknown === undefined ? undefined : nearestName(unknown, Object.keys(CONTRACT_FLAGS));
  const first = message.replace(/\. To specify a positional argument.*$/, '');
  return nearest === undefined ? first : `${first}; did you mean --${nearest}?`;
}

export function toBaseUrl(raw: string | undefined): URL {
  if (raw === undefined) throw new UsageError('--base-url is required, e.g. --base-url http://127.0.0.1:4010');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url ${raw}: not a URL (expected http://host:port[/path])`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url ${raw}: not an HTTP URL (use http:// or https://)`);
  return url;
}

export function toInt64(raw: string, flag: string): string {
  if (!INT64.test(raw)) throw new UsageError(`${flag} ${raw}: not an int64 id`);
  const value = BigInt(raw);
  if (value > INT64_MAX || value < INT64_MIN) throw new UsageError(`${flag} ${raw}: out of the int64 range`);
  return value.toString();
}

function toList(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === 'all') return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function toTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 600_000)
    throw new UsageError(`--timeout ${raw}: milliseconds from 1 to 600000`);
  return Number(raw);
}

/** A report path must be writable before any request is sent: an existing file, or a new one in a writable folder. */
export function toReportFile(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') throw new UsageError(`${flag}: a file path is required`);
  const file = path.resolve(raw);
  const existing = statOrUndefined(file);
  if (existing?.isDirectory()) throw new UsageError(`${flag} ${raw}: is a directory, not a file`);
  const folder = path.dirname(file);
  if (!existing && !statOrUndefined(folder)?.isDirectory())
    throw new UsageError(`${flag} ${raw}: cannot write it (no folder ${folder})`);
  try {
    accessSync(existing ? file : folder, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `${flag} ${raw}: cannot write it (${(error as NodeJS.ErrnoException).code ?? 'not writable'})`,
    );
  }
  return raw;
}

function statOrUndefined(file: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
