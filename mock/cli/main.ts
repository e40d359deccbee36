// The `view-token-mock` command line: serve (the default), catalog, --help, --version. Run by mock/cli.ts.
import { ConfigError } from '../config/config-error';
import type { MockConfig } from '../config/load-config';
import { loadConfigFile, toMockConfig } from '../config/load-config';
import { loadRulesFile } from '../config/rules-file';
import type * as CatalogCommand from './catalog-command';
import { serveHelp } from './help';
import type { ServeOptions } from './serve-options';
import { parseServeOptions } from './serve-options';
import { announce, isPrimaryOfWorkers, runPrimary } from './workers';
import { PACKAGE_VERSION } from '../compose/package-info';
import { requireInstalled } from '../config/optional-package';
import { createMockServer } from '../server';
import { describeStore } from '../stores/store-description';
import { trimTrailingSlashes } from '../core/trailing-slashes';

/** Exit code for a usage or configuration error. */
const EXIT_USAGE = 2;

async function main(argv: readonly string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') return void console.log(serveHelp(PACKAGE_VERSION));
  if (first === '--version' || first === '-v') return void console.log(PACKAGE_VERSION);
  // faker is loaded only for this command, not on the way to serving, and installed only by those who use it.
  if (first === 'catalog') {
    requireInstalled('@faker-js/faker');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return void console.log((require('./catalog-command') as typeof CatalogCommand).runCatalogCommand(argv.slice(1)));
  }
  const args = first === 'serve' ? rest : argv;
  if (args.includes('--help') || args.includes('-h')) return void console.log(serveHelp(PACKAGE_VERSION));
  if (first !== undefined && !first.startsWith('-') && first !== 'serve') {
    throw new ConfigError(`unknown command "${first}" (commands: serve, catalog; see --help)`);
  }
  await serve(args);
}

/** The --config file's config, with the --rules file's rules in their session (after the config's own files). */
function loadConfigAndRules({ configFile, rulesFile }: ServeOptions): MockConfig | undefined {
  const config = configFile === undefined ? undefined : loadConfigFile(configFile);
  if (rulesFile === undefined) return config;
  const base = config ?? toMockConfig({});
  const loaded = loadRulesFile(rulesFile, `--rules ${rulesFile}`);
  return Object.assign(base, { sessionRules: [...base.sessionRules, loaded] });
}

async function serve(args: readonly string[]): Promise<void> {
  const options = parseServeOptions(args, process.env);
  if (isPrimaryOfWorkers(options.workers)) return runPrimary(options.workers);
  const config = loadConfigAndRules(options);
  const mock = await createMockServer({
    seed: options.seed,
    viewTokenTtl: options.viewTokenTtl,
    basePath: options.basePath,
    corsOrigin: options.corsOrigins,
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts,
    config,
    logLevel: options.logLevel,
    store: options.store,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix,
    redisWaitMs: options.redisWaitMs,
    redisTimeoutMs: options.redisTimeoutMs,
    journalSize: options.journalSize,
    // Not given: undefined, so the config file's sessionIdle (or the default) applies.
    sessionIdle: options.sessionIdleMs === null ? 'off' : options.sessionIdleMs,
    timeZone: options.timeZone,
    maxViewTokens: options.maxViewTokens,
    maxConnections: options.maxConnections,
    stateFile: options.stateFile,
    proxy: options.proxy,
    validateResponses: options.validateResponses,
  });
  let baseUrl: string;
  try {
    baseUrl = await mock.listen(options.port, options.host);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`--host ${options.host} --port ${options.port}: cannot listen (${why})`);
  }
  const basePath =
    options.basePath === undefined ? undefined : trimTrailingSlashes(options.basePath).replace(/^\/+/, '');
  const serviceUrl = basePath === undefined ? baseUrl : `${baseUrl}/${basePath}`;
  // Before announcing: whoever reads the URLs may signal at once.
  const stop = (signal: string): void => {
    mock.logger.info({ signal }, 'draining in-flight requests');
    mock.close().then(
      () => process.exit(0),
      (error: unknown) => {
        mock.logger.error({ err: error }, 'closing failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  announce([
    `view-token-mock ${PACKAGE_VERSION} listening on ${serviceUrl}`,
    ...(options.proxy === undefined ? [] : [proxyLine(options.proxy)]),
    `  store: ${describeStore(mock.store)}`,
    `  connections: at most ${mock.connections.maxConnections} (${mock.connections.reason})`,
    `  admin API: ${baseUrl}/__admin   (health: ${baseUrl}/__admin/health)`,
    `  dashboard: ${baseUrl}/__admin/ui   (try the viewer flow: ${baseUrl}/__admin/ui/try)`,
  ]);
}

/** The start-up line that says where service routes go under --proxy, and where the exchanges are recorded. */
function proxyLine(proxy: { url: string; recordFile?: string | undefined }): string {
  const forwarded = `  proxying service routes to ${proxy.url}, judged against spec/view-token.openapi.yaml`;
  return proxy.recordFile === undefined ? forwarded : `${forwarded}; recording to ${proxy.recordFile}`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`view-token-mock: ${error.message}`);
    process.exit(EXIT_USAGE);
  }
  console.error(`view-token-mock: ${(error as Error).message}`);
  process.exit(1);
});
