import type { Logger } from 'pino';
import type { ServiceHooks } from '../core/handle-service-request';
import { ConfigError } from '../config/config-error';
import { parseDuration } from '../core/duration';
import { createAnswerCheck } from './check-answers';
import { createProxy } from './create-proxy';
import { checkProxyUrl } from './proxy-url';
import type { RecordLimits } from './recorder';
import { RECORD_LIMITS } from './recorder';

/** What createMockServer takes for `--proxy` and `--validate-responses`. */
export interface ProxyServerOptions {
  /** `recordLimits`: smaller (or larger) caps of the `--record` file than RECORD_LIMITS (the CLI keeps those). */
  proxy?:
    | {
        url: string;
        timeout?: string | number | undefined;
        errors?: boolean | undefined;
        recordFile?: string | undefined;
        recordLimits?: Partial<RecordLimits> | undefined;
      }
    | undefined;
  validateResponses?: boolean | undefined;
}

export const DEFAULT_PROXY_TIMEOUT = '10s';

/**
 * Builds the hooks around the core's real outcome. Loaded (with prism-http) only when one of the
 * flags is given: the default start never reaches this file.
 */
export async function createServiceHooks(
  options: ProxyServerOptions,
  paths: { serviceSpec: string; mockSpec: string },
  logger: Logger,
): Promise<{ hooks: ServiceHooks; close(): Promise<void> }> {
  const hooks: ServiceHooks = {};
  let close = async (): Promise<void> => undefined;
  if (options.proxy) {
    const { url, errors = false, recordFile, recordLimits } = options.proxy;
    const proxy = await createProxy(
      {
        url: checkProxyUrl(url),
        timeoutMs: toTimeoutMs(options.proxy.timeout ?? DEFAULT_PROXY_TIMEOUT),
        errors,
        specPath: paths.serviceSpec,
        recordFile,
        recordLimits: recordLimits === undefined ? undefined : toRecordLimits(recordLimits),
      },
      logger,
    );
    hooks.forward = proxy.forward;
    close = proxy.close;
  }
  if (options.validateResponses) hooks.check = await createAnswerCheck(paths.mockSpec);
  return { hooks, close };
}

/** The caps given, each a positive integer, the others RECORD_LIMITS'. */
function toRecordLimits(given: Partial<RecordLimits>): RecordLimits {
  for (const [name, value] of Object.entries(given)) {
    if (!(name in RECORD_LIMITS))
      throw new ConfigError(
        `proxy.recordLimits.${name}: not a cap of --record; use ${Object.keys(RECORD_LIMITS).join(', ')}`,
      );
    if (!Number.isInteger(value) || (value as number) < 1)
      throw new ConfigError(`proxy.recordLimits.${name} ${String(value)}: use a positive integer`);
  }
  return { ...RECORD_LIMITS, ...given };
}

/** `--proxy-timeout`: a duration (10s, 500ms as 500, PT5S), more than 0. */
export function toTimeoutMs(value: string | number): number {
  const parsed = parseDuration(value);
  if (parsed.kind === 'invalid') throw new ConfigError(`--proxy-timeout ${value}: ${parsed.reason}`);
  if (!(parsed.ms > 0) || parsed.ms > 600_000)
    throw new ConfigError(`--proxy-timeout ${value}: use a duration from 1 ms to 10m`);
  return parsed.ms;
}
