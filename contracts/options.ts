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

const STRING_FLAGS = ['base-url', 'access-token', ...Object.keys(ID_FLAGS), 'spec', 'checks', 'exclude-checks', 'junit', 'json', 'timeout'] as const;
const INT64 = /^[+-]?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
export const DEFAULT_TIMEOUT_MS = 10_000;

export type ParsedCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: ContractOptions };

/** Parses the command line; every problem is a UsageError naming the flag. */
export function parseContractArgs(args: readonly string[]): ParsedCommand {
  const options = Object.fromEntries([
    ...STRING_FLAGS.map((flag) => [flag, { type: 'string' }]),
    ['help', { type: 'boolean', short: 'h' }],
    ['version', { type: 'boolean' }],
  ]);
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
  if (!accessToken) throw new UsageError('--access-token is required: the application Access Token sent as "Authorization: Bearer <token>"');
  const ids: Partial<Record<IdName, string>> = {};
  for (const [flag, name] of Object.entries(ID_FLAGS) as [IdFlag, IdName][]) {
    const value = text(flag);
    if (value !== undefined) ids[name] = toInt64(value, `--${flag}`);
  }
  return {
    kind: 'run',
    options: {
      target, accessToken, ids,
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
  const nearest = unknown === undefined ? undefined : nearestName(unknown, [...STRING_FLAGS, 'help', 'version']);
  const first = message.replace(/\. To specify a positional argument.*$/, '');
  return nearest === undefined ? first : `${first}; did you mean --${nearest}?`;
}

export function toBaseUrl(raw: string | undefined): URL {
  if (raw === undefined) throw new UsageError('--base-url is required, e.g. --base-url http://127.0.0.1:4010');
  let url: URL;
  try { url = new URL(raw); } catch { throw new UsageError(`--base-url ${raw}: not a URL (expected http://host:port[/path])`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url ${raw}: not an HTTP URL (use http:// or https://)`);
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
  return raw.split(',').map((item) => item.trim()).filter(Boolean);
}

export function toTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 600_000) throw new UsageError(`--timeout ${raw}: milliseconds from 1 to 600000`);
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
  if (!existing && !statOrUndefined(folder)?.isDirectory()) throw new UsageError(`${flag} ${raw}: cannot write it (no folder ${folder})`);
  try { accessSync(existing ? file : folder, constants.W_OK); } catch (error) {
    throw new UsageError(`${flag} ${raw}: cannot write it (${(error as NodeJS.ErrnoException).code ?? 'not writable'})`);
  }
  return raw;
}

function statOrUndefined(file: string): ReturnType<typeof statSync> | undefined {
  try { return statSync(file); } catch { return undefined; }
}
