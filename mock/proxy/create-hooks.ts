import type { Logger } from 'pino';
import type { ServiceHooks } from '../core/handle-service-request';
import { ConfigError } from '../config/config-error';
import { parseDuration } from '../core/duration';
import { createAnswerCheck } from './check-answers';
import { createProxy } from './create-proxy';
import { checkProxyUrl } from './proxy-url';

/** What createMockServer takes for `--proxy` and `--validate-responses`. */
export interface ProxyServerOptions {
  proxy?: { url: string; timeout?: string | number; errors?: boolean; recordFile?: string };
  validateResponses?: boolean;
}

export const DEFAULT_PROXY_TIMEOUT = '10s';

/**
 * Builds the hooks around the core's real outcome. Loaded (with prism-http) only when one of the
 * flags is given: the default start never reaches this file.
 */
export async function createServiceHooks(options: ProxyServerOptions, paths: { serviceSpec: string; mockSpec: string }, logger: Logger): Promise<{ hooks: ServiceHooks; close(): Promise<void> }> {
  const hooks: ServiceHooks = {};
  let close = async (): Promise<void> => undefined;
  if (options.proxy) {
    const { url, errors = false, recordFile } = options.proxy;
    const proxy = await createProxy({ url: checkProxyUrl(url), timeoutMs: toTimeoutMs(options.proxy.timeout ?? DEFAULT_PROXY_TIMEOUT), errors, specPath: paths.serviceSpec, ...(recordFile === undefined ? {} : { recordFile }) }, logger);
    hooks.forward = proxy.forward;
    close = proxy.close;
  }
  if (options.validateResponses) hooks.check = await createAnswerCheck(paths.mockSpec);
  return { hooks, close };
}

/** `--proxy-timeout`: a duration (10s, 500ms as 500, PT5S), more than 0. */
export function toTimeoutMs(value: string | number): number {
  const parsed = parseDuration(value);
  if (parsed.kind === 'invalid') throw new ConfigError(`--proxy-timeout ${value}: ${parsed.reason}`);
  if (!(parsed.ms > 0) || parsed.ms > 600_000) throw new ConfigError(`--proxy-timeout ${value}: use a duration from 1 ms to 10m`);
  return parsed.ms;
}
