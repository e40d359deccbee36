import type { IncomingHttpHeaders } from 'node:http';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { stringify as stringifyQuery } from 'node:querystring';
import type { Logger } from 'pino';
import type { CheckedAnswer } from '../core/handle-service-request';
import type { ServiceRequest } from '../core/service-request';
import { toErrorAnswer } from '../core/service-answers';
import { toProblem } from '../core/problems';
import { createExchangeCheck } from './exchange-check';
import { forwardRequest } from './forward-request';
import type { RecordLimits, Recorder } from './recorder';
import { createRecorder } from './recorder';
import { trimTrailingSlashes } from '../core/trailing-slashes';

/** `--proxy URL` and its companions. */
export interface ProxyOptions {
  /** The implementation service routes are forwarded to, e.g. `https://staging.example/api`. */
  url: string;
  /** No complete answer within this → 504. */
  timeoutMs: number;
  /** `--proxy-errors`: a violating exchange is answered 502 problem+json listing the violations. */
  errors: boolean;
  /** `--record FILE`: what the upstream revealed, as a config file. */
  recordFile?: string | undefined;
  /** The recording's caps (default RECORD_LIMITS, what the CLI uses). */
  recordLimits?: RecordLimits | undefined;
  /** The contract exchanges are judged against (spec/view-token.openapi.yaml). */
  specPath: string;
}

/** The header that counts an exchange's violations. */
const VIOLATIONS_HEADER = 'X-Contract-Violations';

export interface Proxy {
  forward(request: ServiceRequest): Promise<CheckedAnswer>;
  /** Writes the recording, if any. */
  close(): Promise<void>;
}

/**
 * The validating proxy: the real outcome of a service request comes from the upstream, judged by
 * prism-http against the contract (forced outcomes, switches and rules, stay the mock's own).
 * @example
 * const upstream = { url: 'http://127.0.0.1:8080', timeoutMs: 10_000, errors: false, specPath };
 * const proxy = await createProxy(upstream, logger);
 */
/** The verdict on an exchange the contract says nothing about: no violations, and no JSON to record. */
function unjudged(): { violations: string[]; judged: false; json: undefined } {
  return { violations: [], judged: false, json: undefined };
}

export async function createProxy(options: ProxyOptions, logger: Logger): Promise<Proxy> {
  const upstream = new URL(options.url);
  const check = await createExchangeCheck(options.specPath);
  // The proxy's own connection pool (kept alive, closed with the mock): never a socket another part
  // of the process opened to a server that has since gone, on a port the upstream now has.
  const agent =
    upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const recorder: Recorder | undefined =
    options.recordFile === undefined
      ? undefined
      : createRecorder(
          options.recordFile,
          upstream.origin + trimTrailingSlashes(upstream.pathname),
          {
            onError: (error) => logger.error({ err: error }, 'writing the recording failed'),
            onCapReached: (message) => logger.warn({ recordFile: options.recordFile }, message),
          },
          options.recordLimits,
        );
  return {
    async forward(request) {
      const query = stringifyQuery(request.query as Record<string, string | readonly string[]>);
      const result = await forwardRequest(
        upstream,
        agent,
        request.method,
        `${request.path}${query ? `?${query}` : ''}`,
        request.headers as IncomingHttpHeaders,
        options.timeoutMs,
      );
      if (result.kind === 'timeout')
        return toErrorAnswer(
          'system.error',
          `The upstream ${upstream.origin} did not answer within ${options.timeoutMs} ms.`,
          504,
        );
      if (result.kind === 'unreachable')
        return toErrorAnswer(
          'system.error',
          `The upstream ${upstream.origin} could not be reached: ${result.reason}.`,
          502,
        );
      if (result.kind === 'too-large') {
        logger.warn(
          { method: request.method, path: request.path, limitBytes: result.limitBytes },
          "the upstream's answer is over the proxy's body cap; its connection was closed",
        );
        return toErrorAnswer(
          'system.error',
          `The upstream ${upstream.origin} answered a body over ${result.limitBytes} bytes (1 MiB), ` +
            'the most the proxy reads; it stopped reading and closed the connection.',
          502,
        );
      }
      // The contract has no HEAD operation: a HEAD is forwarded, not judged.
      const verdict = request.method === 'HEAD' ? unjudged() : check(request, result);
      recorder?.observe(request, result.status, verdict.json);
      const { violations } = verdict;
      if (violations.length > 0) {
        logger.warn(
          { method: request.method, path: request.path, status: result.status, violations },
          'the upstream exchange breaks the contract',
        );
      }
      if (violations.length > 0 && options.errors) {
        const problem = toProblem(
          'contract-violation',
          `${request.method} ${request.path}: the upstream answered ${result.status}, ` +
            `which breaks the contract in ${violations.length} way(s).`,
          { violations, upstreamStatus: result.status },
        );
        const body = Buffer.from(JSON.stringify(problem));
        return {
          status: 502,
          headers: {
            'Content-Type': 'application/problem+json; charset=utf-8',
            'Content-Length': String(body.length),
            [VIOLATIONS_HEADER]: String(violations.length),
          },
          body,
          violations,
        };
      }
      // Only the contract's operations are judged: the header is absent on the others (the mock's additions).
      const headers: Record<string, string> = { ...result.headers, 'Content-Length': String(result.body.length) };
      if (verdict.judged) headers[VIOLATIONS_HEADER] = String(violations.length);
      return { status: result.status, headers, body: result.body, violations };
    },
    async close() {
      agent.destroy();
      await recorder?.flush();
    },
  };
}
