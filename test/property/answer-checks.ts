import { parse as parseQuery } from 'node:querystring';
import type { StepContext } from './hostile-harness';
import type { Exchange } from './hostile-http';
import { parseJson } from './hostile-http';
import type { HostileRequest } from './hostile-requests';
import { toCurl } from './hostile-requests';
import type { SwitchKey } from './hostile-values';
import { XSS_MARKERS } from './hostile-values';
import { isAdminPath, isServicePath, isStaticPath, toPathname, toQueryString } from './spec-routes';

/**
 * The switch values a request carries, read leniently (every `Prefer` piece and every `__` query
 * value, repeated ones included): a superset of what the mock applies, so "forced" is never missed.
 */
function switchesOf(request: HostileRequest): Record<SwitchKey, string[]> {
  const found: Record<SwitchKey, string[]> = { code: [], scenario: [], delay: [], fault: [] };
  const isSwitch = (name: string): name is SwitchKey => Object.hasOwn(found, name);
  for (const part of (request.headers.Prefer ?? '').split(/[,;]/)) {
    const [name = '', ...value] = part.split('=');
    const key = name.trim().toLowerCase();
    if (isSwitch(key)) found[key].push(value.join('='));
  }
  const query = parseQuery(toQueryString(request.target));
  for (const key of Object.keys(found) as SwitchKey[]) found[key].push(...[query[`__${key}`] ?? []].flat());
  return found;
}

const hasSwitches = (request: HostileRequest): boolean =>
  Object.values(switchesOf(request)).some((values) => values.length > 0);

/** A `__` query parameter that is no switch (`__proto__`, `__senario`): the mock refuses it as one, with a 422 problem. */
const hasUnknownSwitch = (request: HostileRequest): boolean =>
  Object.keys(parseQuery(toQueryString(request.target))).some(
    (name) => name.startsWith('__') && !['__code', '__scenario', '__delay', '__fault'].includes(name),
  );

/** `Prefer: code=500|503`, `scenario=server-error|unavailable`, or their `__` query forms. */
function forcesServerError(request: HostileRequest): boolean {
  const { code, scenario } = switchesOf(request);
  return (
    code.some((value) => /50[03]/.test(value)) || scenario.some((value) => /server-error|unavailable/i.test(value))
  );
}

/** `Prefer: fault=…` or `__fault=…`: the answer is deliberately broken. */
export const forcesFault = (request: HostileRequest): boolean => switchesOf(request).fault.length > 0;

/** What may legitimately have forced this answer: switches and rules act on service routes only. */
function mayBeForced(
  exchange: Exchange,
  context: StepContext,
): { byRule: boolean; serverError: boolean; fault: boolean } {
  const service = isServicePath(toPathname(exchange.request.target));
  const byRule = service && exchange.headers['x-mock-rule'] !== undefined;
  return {
    byRule,
    serverError: service && (forcesServerError(exchange.request) || byRule),
    fault: service && (forcesFault(exchange.request) || byRule || context.rulesMayForce),
  };
}

/** A failure message: what went wrong, the request as curl, what came back. */
export function describeFailure(problem: string, exchange: Exchange, context?: StepContext): string {
  const answer =
    exchange.error === undefined
      ? `${exchange.status} ${String(exchange.headers['content-type'] ?? '(no content-type)')} ${exchange.text.slice(0, 400)}`
      : `connection: ${exchange.error}`;
  const log = context?.lastErrorLog();
  return [
    problem,
    `  request: ${toCurl(exchange.request)}`,
    `  answer:  ${answer}`,
    ...(log ? [`  mock log: ${log.slice(0, 600)}`] : []),
  ].join('\n');
}

/** Property 1: no 5xx and no broken connection unless the request (or a rule it set up) forced one. */
export function unforcedFailure(exchange: Exchange, context: StepContext): string | undefined {
  const forced = mayBeForced(exchange, context);
  if (exchange.error !== undefined)
    return forced.fault
      ? undefined
      : describeFailure('the connection broke without a fault being asked for', exchange, context);
  if ((exchange.status ?? 0) >= 500 && !forced.serverError)
    return describeFailure(`unforced ${exchange.status}`, exchange, context);
  return undefined;
}

const PAGE_TYPES = /^(text\/html|text\/javascript|text\/css|image\/svg\+xml)\b/;

/**
 * Property 3: service routes answer the envelope as JSON, admin routes JSON (problem+json when
 * status >= 400), the viewer's static host JavaScript/CSS or its text/plain 404, and no HTML/SVG
 * answer carries a reflected probe unescaped.
 */
export function misshapenAnswer(exchange: Exchange, context: StepContext): string | undefined {
  if (exchange.error !== undefined) return undefined;
  const { request, text } = exchange;
  const status = exchange.status ?? 0;
  const type = String(exchange.headers['content-type'] ?? '');
  const pathname = toPathname(request.target);
  const fail = (problem: string): string => describeFailure(problem, exchange, context);
  if (/^(text\/html|image\/svg\+xml)/.test(type)) {
    const reflected = XSS_MARKERS.find((marker) => text.includes(marker));
    if (reflected !== undefined) return fail(`${type} answer reflects ${reflected} unescaped`);
  }
  if (request.method === 'OPTIONS' && request.headers['Access-Control-Request-Method'] !== undefined && status === 204)
    return undefined;
  // A plain OPTIONS on a known route: 204 (no content, by definition) naming the methods in Allow.
  if (request.method === 'OPTIONS' && status === 204)
    return text === '' && /OPTIONS/.test(String(exchange.headers.allow ?? ''))
      ? undefined
      : fail('an OPTIONS 204 with a body or without Allow');
  const bodyless = request.method === 'HEAD';
  if (isAdminPath(pathname)) {
    if (status === 204) return text === '' ? undefined : fail('a 204 with a body');
    if (status >= 400) {
      if (!type.startsWith('application/problem+json'))
        return fail(`an admin error that is not application/problem+json (${type || 'no content-type'})`);
      const problem = parseJson(text) as Record<string, unknown> | undefined;
      if (
        !bodyless &&
        (typeof problem?.title !== 'string' || typeof problem.detail !== 'string' || problem.status !== status)
      )
        return fail('a problem without title/detail/status matching the answer');
      return undefined;
    }
    if (PAGE_TYPES.test(type) && pathname.startsWith('/__admin/ui')) return undefined;
    if (!type.startsWith('application/json'))
      return fail(`an admin answer that is not JSON (${type || 'no content-type'})`);
    return bodyless || typeof parseJson(text) === 'object'
      ? undefined
      : fail('an admin answer that does not parse as a JSON object');
  }
  if (isStaticPath(pathname)) {
    // The viewer's static host: a file, or a refusal (miss, 405, limits, a bad
    // session) a browser reads as a failed script, never JSON it would block.
    if (status === 200)
      return /^(application\/javascript|text\/css); charset=utf-8$/.test(type)
        ? undefined
        : fail(`a static file that is not JavaScript or CSS (${type})`);
    if (status >= 400)
      return type === 'text/plain; charset=utf-8' && (bodyless || text.trim() !== '')
        ? undefined
        : fail(`a static-host refusal that is not a text/plain sentence (${type})`);
    return fail(`a static-host answer ${status}`);
  }
  const forced = mayBeForced(exchange, context);
  if (status === 201 && text === '' && (switchesOf(request).code.some((code) => code.includes('201')) || forced.byRule))
    return undefined;
  if (
    status === 422 &&
    type.startsWith('application/problem+json') &&
    (hasSwitches(request) || hasUnknownSwitch(request))
  )
    return undefined;
  if (!type.startsWith('application/json'))
    return fail(`a service-route answer that is not application/json (${type || 'no content-type'})`);
  if (bodyless) return undefined;
  const envelope = parseJson(text) as Record<string, unknown> | undefined;
  if (envelope === undefined && forced.fault) return undefined;
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    typeof envelope.code !== 'string' ||
    envelope.code === '' ||
    typeof envelope.message !== 'string' ||
    !('data' in envelope)
  ) {
    return fail('a service-route answer that is not the {code, data, message} envelope');
  }
  if (status >= 400 && (envelope.data !== null || envelope.message === ''))
    return fail('an error envelope without data: null and a message');
  return undefined;
}
