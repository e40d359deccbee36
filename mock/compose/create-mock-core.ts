import type { MockConfig, MockConfigInput } from '../config/config-check';
import { toMockConfig } from '../config/config-check';
import { ConfigError } from '../config/config-error';
import { createCatalogDirectory } from '../core/catalog-directory';
import type { Core, CoreOptions } from '../core/create-core';
import { createCore } from '../core/create-core';
import { parseDuration } from '../core/duration';
import { createOpenDirectory } from '../core/object-directory';
import { checkTimeZone } from '../core/platform-time';
import type { ServiceStatuses } from '../core/service-statuses';
import type { RandomSource } from '../core/random-source';
import type { ClockStore } from '../core/session-clocks';
import { DEFAULT_SESSION_IDLE_MS, SESSION_IDLE_FORM, readSessionIdle } from '../core/idle-clocks';
import { createMemoryClockStore, createSessionClocks } from '../core/session-clocks';
import { createSeededRandom } from '../core/random-source';
import type { TokenStore } from '../core/token-store';
import { VIEW_TOKEN_TTL_MS } from '../core/view-tokens';
import { createMemoryTokenStore } from '../stores/memory-token-store';

/** Options of the framework-free core; the defaults are the CLI's. */
export interface MockCoreOptions {
  /** Deterministic View Tokens (same seed, same tokens). Default: the platform's CSPRNG. */
  seed?: number | undefined;
  /** View Token validity, e.g. `'12h'`, `'PT30M'` or milliseconds. Default 12 hours. */
  viewTokenTtl?: string | number | undefined;
  /** Missing/forbidden ids, applications, rules, a catalog. */
  config?: MockConfigInput | MockConfig | undefined;
  /** How many requests the journal keeps. Default 1000. */
  journalSize?: number | undefined;
  /**
   * A session's own clock is forgotten after this long without a request in the session or a change
   * of its clock, e.g. `'24h'`, `'PT30M'`, milliseconds; `0` or `'off'`: never. Default 24 hours.
   */
  sessionIdle?: string | number | undefined;
  /** Told of each session clock forgotten as idle: the session and its last recorded activity (real ms). */
  onClockForgotten?: ((session: string, lastActiveMs: number) => void) | undefined;
  /** IANA zone of `expireTime` in `POST /oauth2/token` answers. Default: this process's local zone. */
  timeZone?: string | undefined;
  /** Real time under the controllable clocks (e.g. `() => T0` for a test's fixed instant). Default `Date.now`. */
  realNow?: (() => number) | undefined;
  /** Where View Tokens live. Default: memory. */
  store?: TokenStore | undefined;
  /** Where the session clocks are kept (default: this process's memory; Redis shares them between processes). */
  clockStore?: ClockStore | undefined;
  /** The statuses each service route documents (the server passes its spec engine's). Default: the built-in table. */
  statuses?: ServiceStatuses | undefined;
  /** Where rules, granted Access Tokens and requests are kept (default: this process's memory). */
  ruleStore?: CoreOptions['ruleStore'] | undefined;
  accessTokenStore?: CoreOptions['accessTokenStore'] | undefined;
  journal?: CoreOptions['journal'] | undefined;
  oneTrip?: CoreOptions['oneTrip'] | undefined;
  /** Called after rules or Access Tokens change (e.g. to persist them). */
  onChange?: (() => void) | undefined;
  /** Called with each service request as the journal keeps it (secrets shortened). */
  onRequest?: CoreOptions['onRequest'] | undefined;
}

/**
 * The mock without any framework: what the server, the middleware and the MSW handlers drive. Runs in
 * Node and in browsers (randomness from `globalThis.crypto`).
 * @example
 * const core = createMockCore({ seed: 1 });
 * await core.clocks.change('', { kind: 'advance', byMs: 12 * 3600_000 });
 */
export function createMockCore(options: MockCoreOptions = {}): Core {
  const config = toMockConfig(options.config ?? {});
  return createCore({
    clocks: createSessionClocks(options.clockStore ?? createMemoryClockStore(), options.realNow ?? Date.now, {
      // The option (the CLI's flag) wins over the config file's sessionIdle, which wins over the default.
      idleMs:
        options.sessionIdle === undefined && config.sessionIdleMs !== undefined
          ? config.sessionIdleMs
          : toSessionIdleMs(options.sessionIdle),
      onForgotten: options.onClockForgotten,
    }),
    random: options.seed === undefined ? cryptoRandom : createSeededRandom(options.seed),
    store: options.store ?? createMemoryTokenStore(),
    ttlMs: toTtlMs(options.viewTokenTtl),
    directory: config.catalog
      ? createCatalogDirectory(config.catalog)
      : createOpenDirectory({ missing: config.missing, forbidden: config.forbidden, known: config.objects }),
    applications: config.applications,
    rules: config.rules,
    sessionRules: config.sessionRules,
    journalSize: options.journalSize,
    timeZone: options.timeZone === undefined ? undefined : toTimeZone(options.timeZone),
    statuses: options.statuses,
    onChange: options.onChange,
    ruleStore: options.ruleStore,
    accessTokenStore: options.accessTokenStore,
    journal: options.journal,
    oneTrip: options.oneTrip,
    onRequest: options.onRequest,
    yieldTurn,
  });
}

/** A turn of the event loop for the requests that came meanwhile: setImmediate in Node, a timer in browsers (MSW). */
const yieldTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/** The platform's CSPRNG, drawn 4 KiB at a time: one call per token cost ~5 µs, a copy from the pool ~0.2 µs. */
const cryptoRandom: RandomSource = (() => {
  const pool = new Uint8Array(4_096);
  let used = pool.length;
  return {
    fill(bytes) {
      if (bytes.length > pool.length) return void globalThis.crypto.getRandomValues(bytes);
      if (used + bytes.length > pool.length) {
        globalThis.crypto.getRandomValues(pool);
        used = 0;
      }
      bytes.set(pool.subarray(used, used + bytes.length));
      // Never hand out the same bytes twice.
      pool.fill(0, used, used + bytes.length);
      used += bytes.length;
    },
  };
})();

/** The checked IANA zone; a ConfigError naming --time-zone when the runtime does not know it. */
export function toTimeZone(timeZone: string): string {
  const checked = checkTimeZone(timeZone);
  if (checked.kind === 'invalid') throw new ConfigError(`--time-zone ${timeZone}: ${checked.reason}`);
  return checked.timeZone;
}

/** The View Token TTL in ms; a ConfigError naming --view-token-ttl when it is not a duration. */
/**
 * `sessionIdle` (`--session-idle`) as milliseconds, null for never; a ConfigError naming what is allowed.
 * @example toSessionIdleMs('off') // null
 */
export function toSessionIdleMs(idle: string | number | undefined): number | null {
  if (idle === undefined) return DEFAULT_SESSION_IDLE_MS;
  const read = readSessionIdle(idle);
  if (read.kind === 'invalid') throw new ConfigError(`--session-idle ${idle}: allowed: ${SESSION_IDLE_FORM}`);
  return read.ms;
}

export function toTtlMs(ttl: string | number | undefined): number {
  if (ttl === undefined) return VIEW_TOKEN_TTL_MS;
  const parsed = parseDuration(ttl);
  if (parsed.kind === 'invalid' || parsed.ms <= 0)
    throw new ConfigError(
      `--view-token-ttl ${ttl}: ${parsed.kind === 'invalid' ? parsed.reason : 'must be longer than 0'}`,
    );
  return parsed.ms;
}
