import { parseArgs } from 'node:util';
import { parseDuration } from '../core/duration';
import { findNearestName } from '../core/near-miss';
import { chooseStore } from '../config/choose-store';
import { ConfigError, stateFileOnRedisError } from '../config/config-error';
import { toSessionIdleMs, toTimeZone } from '../compose/create-mock-core';
import { checkProxyUrl } from '../proxy/proxy-url';

/** The `serve` flags, each also readable as `VIEW_TOKEN_MOCK_<FLAG>` (e.g. VIEW_TOKEN_MOCK_BASE_PATH). */
export const SERVE_FLAGS = {
  port: { type: 'string', default: '4010', help: 'port to listen on (0 picks a free one)' },
  host: { type: 'string', default: '127.0.0.1', help: 'interface to bind' },
  config: { type: 'string', help: 'JSON config file: missing/forbidden ids, applications' },
  rules: {
    type: 'string',
    help: 'JSON rules file loaded at start: an array of rules (global session) or {"session": "qa-7", "rules": [...]}',
  },
  seed: { type: 'string', help: 'integer seed: deterministic View Tokens' },
  'view-token-ttl': { type: 'string', default: '12h', help: 'View Token validity (12h, 90m, PT12H, ms)' },
  'base-path': { type: 'string', help: 'prefix of every service route, e.g. /api' },
  'cors-origin': { type: 'string', help: 'allowed browser origin(s), comma-separated (default: any)' },
  'admin-token': { type: 'string', help: 'require "Authorization: Bearer <token>" on /__admin' },
  'allowed-hosts': {
    type: 'string',
    help: "host names besides loopback and --host that may reach /__admin (a proxy's), comma-separated",
  },
  'admin-open': { type: 'boolean', help: 'allow a non-loopback --host without --admin-token' },
  'log-level': { type: 'string', default: 'info', help: 'fatal, error, warn, info, debug, trace or silent' },
  store: {
    type: 'string',
    help:
      'memory (the default), or redis to share tokens, rules and the clocks between mocks ' +
      '(--redis-url alone selects it)',
  },
  'redis-url': {
    type: 'string',
    help: 'redis://host:port (a single Redis, or any node of a Redis Cluster): selects the Redis store',
  },
  'redis-prefix': {
    type: 'string',
    default: 'view-token-mock:',
    help: 'deployment name in every Redis key ({prefix}…; no { or })',
  },
  'redis-timeout': {
    type: 'string',
    default: '1s',
    help: 'a Redis command taking longer answers 503 (e.g. 500ms, 2s)',
  },
  'redis-wait': { type: 'string', help: 'wait this long for Redis at start (e.g. 30s) instead of failing' },
  'state-file': {
    type: 'string',
    help:
      'keep tokens, access tokens, rules and the clock across restarts in this file ' +
      'and its change logs (FILE.<n>.log)',
  },
  'journal-size': { type: 'string', default: '1000', help: 'how many requests the journal keeps' },
  'session-idle': {
    type: 'string',
    help:
      "forget a session's own clock after this long without a request or clock change (0 or off: never); " +
      "default: the config file's sessionIdle, else 24h",
  },
  'time-zone': {
    type: 'string',
    help: "IANA zone of expireTime in POST /oauth2/token answers (default: this machine's local zone)",
  },
  'max-view-tokens': {
    type: 'string',
    default: '2000000',
    help: 'View Tokens the store (memory or Redis) holds at most (503 beyond it)',
  },
  'max-connections': {
    type: 'string',
    help:
      'open connections at most (idle ones closed at the cap, else 503); ' +
      'default 10000, or ulimit -n less 64 when lower',
  },
  workers: { type: 'string', default: '1', help: 'processes sharing the port (node:cluster); >1 needs --store redis' },
  proxy: {
    type: 'string',
    help: 'forward service routes to this implementation, judging each exchange against the spec',
  },
  'proxy-timeout': { type: 'string', default: '10s', help: 'with --proxy: no upstream answer within this → 504' },
  'proxy-errors': {
    type: 'boolean',
    help: 'with --proxy: answer a violating exchange 502 problem+json listing the violations',
  },
  record: {
    type: 'string',
    help: 'with --proxy: write what the upstream revealed (missing/forbidden ids) as a --config file',
  },
  'validate-responses': {
    type: 'boolean',
    help: "judge the mock's own answers against spec/mock.openapi.yaml (violations in the journal)",
  },
} as const;

type ServeFlag = keyof typeof SERVE_FLAGS;

/** Checked `serve` options. */
export interface ServeOptions {
  port: number;
  host: string;
  configFile?: string | undefined;
  rulesFile?: string | undefined;
  seed?: number | undefined;
  viewTokenTtl: string;
  basePath?: string | undefined;
  corsOrigins?: string[] | undefined;
  adminToken?: string | undefined;
  allowedHosts?: string[] | undefined;
  adminOpen: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  store: 'memory' | 'redis';
  redisUrl?: string | undefined;
  redisPrefix: string;
  redisWaitMs: number;
  redisTimeoutMs: number;
  workers: number;
  journalSize: number;
  /** Milliseconds, or null: session clocks are never forgotten; undefined: not given (the config's, else 24 h). */
  sessionIdleMs?: number | null | undefined;
  maxViewTokens: number;
  maxConnections?: number | undefined;
  stateFile?: string | undefined;
  timeZone?: string | undefined;
  proxy?: { url: string; timeout: string; errors: boolean; recordFile?: string | undefined } | undefined;
  validateResponses: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

/** Flags win over environment variables, which win over defaults. */
export function parseServeOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ServeOptions {
  const options = Object.fromEntries(Object.entries(SERVE_FLAGS).map(([name, flag]) => [name, { type: flag.type }]));
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(args),
      options: options as never,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    const unknown = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
    const nearest = unknown === undefined ? undefined : findNearestName(unknown, Object.keys(SERVE_FLAGS));
    throw new ConfigError(`${message}${nearest === undefined ? '' : `; did you mean --${nearest}?`} (see --help)`);
  }
  const read = (flag: ServeFlag): string | undefined => {
    const value = values[flag] ?? env[toEnvName(flag)];
    if (value === undefined)
      return 'default' in SERVE_FLAGS[flag] ? (SERVE_FLAGS[flag] as { default: string }).default : undefined;
    return String(value);
  };
  const port = toInteger(read('port'), '--port', 0, 65_535);
  const host = read('host') ?? '127.0.0.1';
  const adminToken = read('admin-token');
  if (adminToken !== undefined && adminToken.trim() === '')
    throw new ConfigError(
      `--admin-token ${JSON.stringify(adminToken)}: empty or blank; give a token (or leave the flag out)`,
    );
  const adminOpen = ['true', '1', ''].includes(read('admin-open') ?? 'false');
  if (!LOOPBACK.test(host) && adminToken === undefined && !adminOpen) {
    throw new ConfigError(
      `--host ${host}: not a loopback address; ` +
        'give --admin-token T (or --admin-open to expose the admin API to the network)',
    );
  }
  const ttl = read('view-token-ttl') ?? '12h';
  const ttlParse = parseDuration(ttl);
  if (ttlParse.kind === 'invalid' || ttlParse.ms <= 0) {
    const problem = ttlParse.kind === 'invalid' && !ttl.startsWith('-') ? 'not a duration' : 'must be longer than 0';
    throw new ConfigError(
      `--view-token-ttl ${ttl}: ${problem}; ` +
        'allowed: a duration longer than 0 (e.g. 12h, 90m, 1d, PT12H, or milliseconds)',
    );
  }
  const logLevel = read('log-level') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new ConfigError(`--log-level ${logLevel}: use one of ${LOG_LEVELS.join(', ')}`);
  const redisUrl = read('redis-url');
  const store = chooseStore(read('store'), redisUrl);
  const redisWait = read('redis-wait');
  const redisWaitParse = redisWait === undefined ? undefined : parseDuration(redisWait);
  if (redisWaitParse?.kind === 'invalid') throw new ConfigError(`--redis-wait ${redisWait}: ${redisWaitParse.reason}`);
  const redisTimeoutMs = toRedisTimeoutMs(read('redis-timeout') ?? '1s');
  const redisPrefix = read('redis-prefix') ?? 'view-token-mock:';
  if (!/^[^{}]+$/.test(redisPrefix))
    throw new ConfigError(
      `--redis-prefix ${JSON.stringify(redisPrefix)}: use one or more characters other than { and } ` +
        "(the prefix becomes the keys' hash tag {prefix})",
    );
  const workers = toInteger(read('workers'), '--workers', 1, 64);
  if (workers > 1 && store !== 'redis')
    throw new ConfigError(
      `--workers ${workers} needs the Redis store (--redis-url redis://host:port): ` +
        'each worker would otherwise have its own tokens, rules and clocks',
    );
  const stateFile = read('state-file');
  if (stateFile !== undefined && store === 'redis') throw stateFileOnRedisError(stateFile);
  if (stateFile === '') throw new ConfigError('--state-file needs a file path');
  const seed = read('seed');
  if (seed !== undefined && workers > 1)
    throw new ConfigError(
      `--seed ${seed} with --workers ${workers}: ` +
        'every worker would issue the same token sequence; drop --seed or use one worker',
    );
  const configFile = read('config');
  const rulesFile = read('rules');
  const sessionIdle = read('session-idle');
  if (rulesFile === '') throw new ConfigError('--rules needs a file path');
  const maxConnections = read('max-connections');
  const proxy = readProxyOptions(read);
  const basePath = read('base-path');
  const cors = read('cors-origin');
  const corsOrigins = cors === undefined ? undefined : toCorsOrigins(cors);
  const timeZone = read('time-zone');
  if (timeZone !== undefined) toTimeZone(timeZone);
  const allowedHosts = read('allowed-hosts');
  const hosts = allowedHosts
    ?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const badHost = hosts?.find(
    (name) => !/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(name),
  );
  if (hosts !== undefined && (hosts.length === 0 || badHost !== undefined))
    throw new ConfigError(
      `--allowed-hosts ${allowedHosts}: expected host names such as mock.example.com or .example.com, comma-separated`,
    );
  return {
    port,
    host,
    viewTokenTtl: ttl,
    adminOpen,
    logLevel: logLevel as ServeOptions['logLevel'],
    store,
    workers,
    maxViewTokens: toInteger(read('max-view-tokens'), '--max-view-tokens', 1, 100_000_000),
    validateResponses: isOn(read('validate-responses')),
    journalSize: toInteger(read('journal-size'), '--journal-size', 1, 1_000_000),
    sessionIdleMs: sessionIdle === undefined ? undefined : toSessionIdleMs(sessionIdle),
    redisPrefix,
    redisTimeoutMs,
    redisWaitMs: redisWaitParse?.kind === 'ok' ? redisWaitParse.ms : 0,
    maxConnections:
      maxConnections === undefined ? undefined : toInteger(maxConnections, '--max-connections', 1, 1_000_000),
    redisUrl,
    configFile,
    rulesFile,
    stateFile,
    seed: seed === undefined ? undefined : toInteger(seed, '--seed', 0, 2 ** 32 - 1),
    basePath,
    // Any origin is the default: `*` among them is no list.
    corsOrigins: corsOrigins?.includes('*') ? undefined : corsOrigins,
    adminToken,
    timeZone,
    allowedHosts: hosts,
    proxy,
  };
}

/**
 * `--port -1` as `--port=-1`: node:util parseArgs takes a value starting with a dash for a flag
 * ("argument is ambiguous"); a negative number or duration is a value, refused by its own check.
 */
function joinNegativeValues(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const next = args[index + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    const takesValue = name in SERVE_FLAGS && SERVE_FLAGS[name as ServeFlag].type === 'string';
    if (takesValue && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
}

/** `*` or origins (`scheme://host[:port]`, no path), comma-separated. */
function toCorsOrigins(raw: string): string[] {
  const origins = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length === 0)
    throw new ConfigError(`--cors-origin ${raw}: give origins such as http://localhost:5173 (comma-separated), or *`);
  for (const origin of origins) {
    if (origin !== '*' && !/^https?:\/\/[^/\s?#@]+$/i.test(origin)) {
      throw new ConfigError(
        `--cors-origin ${origin}: not an origin; ` +
          'use scheme://host[:port] with no path, e.g. http://localhost:5173, or *',
      );
    }
  }
  return origins;
}

/** --redis-timeout as milliseconds: a duration from 1 ms to 1 minute. */
function toRedisTimeoutMs(value: string): number {
  const parsed = parseDuration(value);
  if (parsed.kind === 'invalid') throw new ConfigError(`--redis-timeout ${value}: ${parsed.reason}`);
  if (parsed.ms < 1 || parsed.ms > 60_000)
    throw new ConfigError(`--redis-timeout ${value}: use a duration from 1ms to 60s`);
  return parsed.ms;
}

/** `--proxy URL [--proxy-timeout D] [--proxy-errors] [--record FILE]`; the companions alone are refused. */
function readProxyOptions(read: (flag: ServeFlag) => string | undefined): ServeOptions['proxy'] {
  const url = read('proxy');
  const errors = isOn(read('proxy-errors'));
  const recordFile = read('record');
  if (url === undefined) {
    if (errors) throw new ConfigError('--proxy-errors needs --proxy URL (it answers violating upstream exchanges)');
    if (recordFile !== undefined)
      throw new ConfigError(`--record ${recordFile} needs --proxy URL (it records what the upstream answers)`);
    return undefined;
  }
  checkProxyUrl(url);
  if (recordFile === '') throw new ConfigError('--record needs a file path');
  const timeout = read('proxy-timeout') ?? '10s';
  const parsed = parseDuration(timeout);
  if (parsed.kind === 'invalid' || parsed.ms <= 0 || parsed.ms > 600_000)
    throw new ConfigError(
      `--proxy-timeout ${timeout}: ${parsed.kind === 'invalid' ? parsed.reason : 'use a duration from 1 ms to 10m'}`,
    );
  return { url, timeout, errors, recordFile };
}

function isOn(value: string | undefined): boolean {
  return ['true', '1', ''].includes(value ?? 'false');
}

export function toEnvName(flag: string): string {
  return `VIEW_TOKEN_MOCK_${flag.toUpperCase().replace(/-/g, '_')}`;
}

function toInteger(raw: string | undefined, flag: string, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${flag} ${raw ?? ''}: expected an integer from ${min} to ${max}`);
  }
  return Number(raw);
}
