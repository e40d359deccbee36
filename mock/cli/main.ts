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
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    viewTokenTtl: options.viewTokenTtl,
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
    ...(options.corsOrigins === undefined ? {} : { corsOrigin: options.corsOrigins }),
    ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    ...(config === undefined ? {} : { config }),
    logLevel: options.logLevel,
    store: options.store,
    ...(options.redisUrl === undefined ? {} : { redisUrl: options.redisUrl }),
    redisPrefix: options.redisPrefix,
    redisWaitMs: options.redisWaitMs,
    redisTimeoutMs: options.redisTimeoutMs,
    journalSize: options.journalSize,
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    maxViewTokens: options.maxViewTokens,
    ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
    ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }),
    ...(options.proxy === undefined ? {} : { proxy: options.proxy }),
    validateResponses: options.validateResponses,
  });
  let baseUrl: string;
  try {
    baseUrl = await mock.listen(options.port, options.host);
  } catch (error) {
    throw new ConfigError(
      `--host ${options.host} --port ${options.port}: cannot listen (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const serviceUrl = `${baseUrl}${options.basePath === undefined ? '' : `/${options.basePath.replace(/^\/+|\/+$/g, '')}`}`;
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
    ...(options.proxy === undefined
      ? []
      : [
          `  proxying service routes to ${options.proxy.url}, judged against spec/view-token.openapi.yaml${options.proxy.recordFile === undefined ? '' : `; recording to ${options.proxy.recordFile}`}`,
        ]),
    `  store: ${describeStore(mock.store)}`,
    `  connections: at most ${mock.connections.maxConnections} (${mock.connections.reason})`,
    `  admin API: ${baseUrl}/__admin   (health: ${baseUrl}/__admin/health)`,
    `  dashboard: ${baseUrl}/__admin/ui   (try the viewer flow: ${baseUrl}/__admin/ui/try)`,
  ]);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`view-token-mock: ${error.message}`);
    process.exit(EXIT_USAGE);
  }
  console.error(`view-token-mock: ${(error as Error).message}`);
  process.exit(1);
});
