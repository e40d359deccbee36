import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger, LevelWithSilent } from 'pino';
import pino from 'pino';
import type { Core } from './core/create-core';
import type { MockConfig, MockConfigInput } from './config/load-config';
import { createBacking } from './compose/backing';
import { toMockConfig } from './config/config-check';
import { loadModelSpecs } from './config/load-model-files';
import { createModelCatalog } from './viewer/model/model-catalog';
import { toFrontOptions } from './compose/front-options';
import type { FrontUserOptions } from './compose/front-options';
import { createMockCore, toTtlMs } from './compose/create-mock-core';
import type { MockFacade } from './compose/mock-facade';
import { createMockFacade } from './compose/mock-facade';
import { toServiceStatuses } from './core/service-statuses';
import { guardConnections } from './http/connection-guard';
import type { ConnectionPlan } from './compose/open-file-limit';
import { planConnections, readOpenFileLimit } from './compose/open-file-limit';
import { createClientErrorAnswer } from './http/client-error';
import { createNodeFront, createNodeListener } from './http/node-front';
import { pacePipelining } from './http/pipelining-pace';
import { createReclaimer } from './compose/reclaimer';
import { startIdleSweep } from './compose/idle-sweep';
import { formatDuration } from './core/duration';
import { REQUEST_LIMITS } from './front/request-limits';
import { MOCK_SPEC_PATH, PACKAGE_VERSION, SERVICE_SPEC_PATH } from './compose/package-info';
import type * as ServiceHooksModule from './proxy/create-hooks';
import type { ProxyServerOptions } from './proxy/create-hooks';
import { loadSpecEngine } from './spec-engine/spec-engine';
import { openPersistedState } from './stores/persisted-state';
import type { StoreDescription } from './stores/store-description';

/** Options of {@link createMockServer}; the defaults are the CLI's. */
export interface MockServerOptions extends ProxyServerOptions, FrontUserOptions {
  /** Deterministic View Tokens (same seed, same tokens). Default: a CSPRNG. */
  seed?: number | undefined;
  /** View Token validity, e.g. `'12h'`, `'PT30M'` or milliseconds. Default 12 hours. */
  viewTokenTtl?: string | number | undefined;
  /** Missing and forbidden ids, applications. */
  config?: MockConfigInput | MockConfig | undefined;
  logger?: Logger | undefined;
  logLevel?: LevelWithSilent | undefined;
  /** Real time under the controllable clocks (tests: e.g. `() => T0`). Default `Date.now`. */
  realNow?: (() => number) | undefined;
  /** How many requests the journal keeps. Default 1000. */
  journalSize?: number | undefined;
  /** A session's own clock is forgotten after this long quiet (`'24h'`, ms; `0` or `'off'`: never). Default 24 hours. */
  sessionIdle?: string | number | undefined;
  /** IANA zone `expireTime` is written in (SDKs read it in their local zone). Default: this process's local zone. */
  timeZone?: string | undefined;
  /** Where View Tokens, rules and the clocks live: this process's memory (default), or Redis, shared by mocks. */
  store?: 'memory' | 'redis' | undefined;
  /** E.g. `redis://127.0.0.1:6379`: selects the Redis store (with `store: 'memory'` it is refused). */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key, so several mocks can share one Redis. Default `view-token-mock:`. */
  redisPrefix?: string | undefined;
  /** How long to wait for Redis at start (ms). Default 0: an unreachable Redis is an error. */
  redisWaitMs?: number | undefined;
  /** How long one Redis command may take (ms) before the request answers 503. Default 1000. */
  redisTimeoutMs?: number | undefined;
  /**
   * Keeps View Tokens, Access Tokens, rules and the clocks in this file and its change logs
   * (`<file>.<n>.log`) across restarts (memory store): loaded at start, each change appended within
   * ~50 ms, a new snapshot written in small steps now and then, flushed on close.
   */
  stateFile?: string | undefined;
  /** The store (memory or Redis) holds at most this many View Tokens (default 2,000,000); past it, an issue is 503. */
  maxViewTokens?: number | undefined;
  /**
   * Open connections accepted at most: at the cap idle keep-alive sockets are closed, and with none
   * idle a new connection is answered 503. Default 10,000, or the process's open-file limit less 64
   * when that is lower (halved with `proxy`); a larger value is kept, with a warning in the log.
   */
  maxConnections?: number | undefined;
  /** Headers must arrive within this (ms; default 10 s), else 408 and the connection closes. */
  headersTimeoutMs?: number | undefined;
  /** The whole request must arrive within this (ms; default 30 s). */
  requestTimeoutMs?: number | undefined;
}

/**
 * A running (or ready to run) mock: the facade `createHandlers()` (MSW) gives too (clock, scenarios,
 * journal, tokens, reset), and the server around it.
 */
export interface MockServer extends MockFacade {
  /** The mock's request listener: for `http.createServer(mock.app)` or `supertest(mock.app)`. */
  readonly app: RequestListener;
  /**
   * @deprecated The framework-free core behind the facade: internal, and it changes between versions
   * (0.3.0 replaced its `clock` by per-session `clocks`). Use `clock`, `scenarios`, `journal`, `tokens` and `reset`.
   */
  core: Core;
  logger: Logger;
  /** The base URL once listening, else undefined. */
  readonly baseUrl: string | undefined;
  /** The connection cap in force (`maxConnections`, or the default from the open-file limit) and its reason. */
  readonly connections: ConnectionPlan;
  /** Which store it runs on (memory, a state file, Redis single or cluster), as `/__admin/health` says. */
  readonly store: StoreDescription;
  listen(port?: number, host?: string): Promise<string>;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

const RECLAIM_INTERVAL_MS = 5_000;
const CONNECTIONS_CHECK_MS = 250;
const KEEP_ALIVE_MS = 65_000;

/**
 * Creates the mock for use inside another project's tests.
 * @example
 * const mock = await createMockServer({ seed: 1 });
 * const baseUrl = await mock.listen(0);
 * await mock.clock.advance('12h');
 * await mock.close();
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const frontOptions = toFrontOptions(options);
  const logger = options.logger ?? pino({ level: options.logLevel ?? 'info', redact: ['req.headers.authorization'] });
  const ttlMs = toTtlMs(options.viewTokenTtl);
  // The config's model files are read before anything opens: a bad one stops the start, naming it.
  const config = toMockConfig(options.config ?? {});
  const models = createModelCatalog(loadModelSpecs(config));
  const connections = planConnections(options.maxConnections, readOpenFileLimit(), options.proxy !== undefined);
  if (connections.warning !== undefined) logger.warn(connections.warning);
  const backing = await createBacking(options, ttlMs, {
    reconnected: () => logger.info('Redis answers again: reconnected'),
    lost: (detail) => logger.error(detail),
  });
  // The memory store is the only one a state file keeps (createBacking refuses --state-file on Redis).
  const persisted =
    options.stateFile === undefined || backing.memory === undefined || backing.memoryClocks === undefined
      ? undefined
      : await openPersistedState(options.stateFile, backing.memory, backing.memoryClocks, options.realNow ?? Date.now, {
          failed: (error) =>
            logger.error(
              { err: error },
              'writing the state file failed; retrying (logged again only if the reason changes)',
            ),
          recovered: () => logger.info('writing the state file works again'),
          notice: (message) => logger.warn(`state file: ${message}`),
        });
  const store: StoreDescription = persisted?.description ?? backing.description;
  const engine = await loadSpecEngine(MOCK_SPEC_PATH);
  const core = createMockCore({
    clockStore: persisted?.clockStore ?? backing.clockStore,
    store: persisted?.store ?? backing.store,
    realNow: options.realNow,
    viewTokenTtl: ttlMs,
    // Switches may force only what the spec documents: the spec engine's statuses, not a copy.
    statuses: toServiceStatuses(engine.operations),
    seed: options.seed,
    config,
    journalSize: options.journalSize,
    sessionIdle: options.sessionIdle,
    onClockForgotten: (session, lastActiveMs) =>
      logger.info(
        { session, lastActive: new Date(lastActiveMs).toISOString() },
        `the clock of session ${JSON.stringify(session)} was forgotten after ${formatDuration(core.clocks.idle.idleMs ?? 0)} without a request or clock change; it follows the deployment's clock again`,
      ),
    timeZone: options.timeZone,
    ruleStore: persisted?.ruleStore,
    accessTokenStore: persisted?.accessTokenStore,
    ...backing.shared,
    // At debug level each service request is logged as the journal keeps it (View Tokens shortened,
    // no Authorization value); at the default level nothing is done per request.
    ...(logger.isLevelEnabled('debug')
      ? { onRequest: (entry: object) => logger.debug({ request: entry }, 'service request') }
      : {}),
  });
  await core.ready;
  await persisted?.attach();
  // prism-http and the proxy are loaded only for --proxy / --validate-responses, never on the default start.
  const extras =
    options.proxy === undefined && options.validateResponses !== true
      ? undefined
      : // eslint-disable-next-line @typescript-eslint/no-require-imports
        await (require('./proxy/create-hooks') as typeof ServiceHooksModule).createServiceHooks(
          options,
          { serviceSpec: SERVICE_SPEC_PATH, mockSpec: MOCK_SPEC_PATH },
          logger,
        );
  const front = createNodeFront({
    core,
    engine: () => Promise.resolve(engine),
    logger,
    version: PACKAGE_VERSION,
    ...frontOptions,
    degradedReason: () => persisted?.failure() ?? backing.failure?.(),
    store,
    boundHost: () => boundHost,
    hooks: extras?.hooks,
    models,
  });
  const app = createNodeListener(front);
  let server: Server | undefined;
  let boundHost: string | undefined;
  let baseUrl: string | undefined;
  const reclaim = createReclaimer(core, (error) =>
    logger.error({ err: error }, 'reclaiming expired View Tokens failed'),
  );
  const reclaimTimer = setInterval(() => void reclaim(), RECLAIM_INTERVAL_MS).unref();
  const idleTimer = startIdleSweep(core, (error) =>
    logger.error({ err: error }, 'forgetting idle session clocks failed'),
  );
  return {
    app,
    ...createMockFacade(core),
    core,
    logger,
    get baseUrl() {
      return baseUrl;
    },
    connections,
    store,
    listen(port = 0, host = '127.0.0.1') {
      // A second listener would be left open by close(), which closes the one it knows.
      if (server)
        return Promise.reject(
          new Error(`This mock listens on ${baseUrl} already; create another mock to listen on a second port.`),
        );
      return new Promise((resolve, reject) => {
        const listening = createServer({
          maxHeaderSize: REQUEST_LIMITS.headerBytes,
          headersTimeout: options.headersTimeoutMs ?? REQUEST_LIMITS.headersTimeoutMs,
          requestTimeout: options.requestTimeoutMs ?? REQUEST_LIMITS.requestTimeoutMs,
          // How often Node looks for slow requests (its default, 30 s, would stretch the timeouts).
          connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
          // Longer than the idle timeouts of load balancers (60 s) and client pools: with Node's 5 s a
          // client reusing a socket the mock is closing gets ECONNRESET (seen in the soak).
          keepAliveTimeout: KEEP_ALIVE_MS,
        });
        const paced = pacePipelining(app);
        listening.on(
          'request',
          guardConnections(listening, paced, { maxConnections: connections.maxConnections, isIdle: paced.isIdle }),
        );
        listening.on('clientError', createClientErrorAnswer(front.matchRoute));
        listening.once('error', reject);
        listening.listen(port, host, () => {
          listening.off('error', reject);
          boundHost = host.replace(/^\[|\]$/g, '');
          const address = listening.address() as AddressInfo;
          baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
          resolve(baseUrl);
        });
        server = listening;
      });
    },
    async close() {
      clearInterval(reclaimTimer);
      if (idleTimer !== undefined) clearInterval(idleTimer);
      await new Promise<void>((resolve, reject) => {
        if (!server) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
      await persisted?.flush();
      await extras?.close();
      backing.close();
    },
  };
}
