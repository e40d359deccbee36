import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { checkSessionLength } from '../../mock/core/session-limit';
import { MOCK_SPEC } from '../support/mock-app';

/** One operation of spec/mock.openapi.yaml, as the hostile-input generators and checks use it. */
export interface SpecRoute {
  operationId: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The spec's path template, e.g. `/__admin/view-tokens/{token}`. */
  template: string;
  /** Under `/__admin`: answers JSON, or problem+json for errors. Otherwise a service route: the envelope. */
  admin: boolean;
  /** `x-area: static`: the viewer loader's static host (JavaScript and CSS, a text/plain 404). */
  static: boolean;
  pathParams: string[];
  queryParams: string[];
  takesBody: boolean;
}

interface ParameterObject {
  name: string;
  in: string;
}
type Reference = { $ref: string };
interface OperationObject {
  operationId: string;
  parameters?: (ParameterObject | Reference)[];
  requestBody?: unknown;
  'x-area'?: string;
}
type PathItem = Record<string, OperationObject | (ParameterObject | Reference)[]>;
interface SpecDocument {
  paths: Record<string, PathItem>;
  components: { parameters: Record<string, ParameterObject> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

function loadSpecRoutes(): SpecRoute[] {
  const spec = parse(readFileSync(MOCK_SPEC, 'utf8')) as SpecDocument;
  const resolve = (parameter: ParameterObject | Reference): ParameterObject =>
    '$ref' in parameter
      ? (spec.components.parameters[parameter.$ref.split('/').pop() ?? ''] as ParameterObject)
      : parameter;
  const routes: SpecRoute[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const shared = ((item.parameters ?? []) as (ParameterObject | Reference)[]).map(resolve);
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const parameters = [...shared, ...(operation.parameters ?? []).map(resolve)];
      routes.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        template,
        admin: template.startsWith('/__admin'),
        static: operation['x-area'] === 'static',
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        takesBody: operation.requestBody !== undefined,
      });
    }
  }
  return routes;
}

/** Every operation the mock documents (service and admin), read from the spec itself. */
export const SPEC_ROUTES: readonly SpecRoute[] = loadSpecRoutes();

const patterns = new Map(SPEC_ROUTES.map((route) => [route.template, toPattern(route.template)]));

/**
 * How the mock routes: every path exactly, as a real server (case-sensitive, no trailing slash, no
 * other alias), admin paths included. `{param}` is one non-empty segment.
 */
function toPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** The pathname the server routes on: absolute-form and `*` targets included. */
export function toPathname(target: string): string {
  if (/^https?:\/\//i.test(target)) return new URL(target).pathname;
  const mark = target.indexOf('?');
  return mark === -1 ? target : target.slice(0, mark);
}

/** The raw query string of a request target ('' when none). */
export function toQueryString(target: string): string {
  const mark = target.indexOf('?');
  return mark === -1 ? '' : target.slice(mark + 1);
}

/**
 * The operation that answers `method pathname` as Express routes it: literal paths before templated
 * ones (DELETE /__admin/scenarios/catalog is deleteScenarioRule), undefined for unknown routes and
 * for methods the spec has no operation for (HEAD, OPTIONS, 405s).
 */
export function operationOf(method: string, pathname: string): SpecRoute | undefined {
  const candidates = SPEC_ROUTES.filter(
    (route) => route.method === method && patterns.get(route.template)?.test(pathname),
  );
  return candidates.find((route) => route.pathParams.length === 0) ?? candidates[0];
}

/** Whether a path is one of the service routes (any method): where Prefer/__ switches and rules apply. */
export function isServicePath(pathname: string): boolean {
  return SPEC_ROUTES.some((route) => !route.admin && !route.static && patterns.get(route.template)?.test(pathname));
}

const firstSegment = (path: string): string => path.split('/')[1] ?? '';
/**
 * The first path segments only the static host's templates start with (`Glodon`, `api`): with no base
 * path, every path under them is the static host's, matched or not (the mock's area rule, stated
 * here from the spec alone).
 */
const STATIC_SEGMENTS = new Set(
  SPEC_ROUTES.filter((route) => route.static).map((route) => firstSegment(route.template)),
);
for (const route of SPEC_ROUTES) if (!route.static) STATIC_SEGMENTS.delete(firstSegment(route.template));

/** Whether an answer there is the static host's: a file, or a text/plain refusal (any depth, any method). */
export function isStaticPath(pathname: string): boolean {
  return STATIC_SEGMENTS.has(firstSegment(pathname));
}

/** The admin API and the dashboard: `/__admin` and paths below it (case-sensitive; not `/__adminx`, not `/__ADMIN`). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/__admin' || pathname.startsWith('/__admin/');
}

/** A concrete path jest-openapi resolves to exactly this operation (its own matcher prefers literal paths). */
export function toCanonicalPath(route: SpecRoute): string {
  return route.template.replace(/\{[^}]+\}/g, 'x');
}

/**
 * The request limits spec/mock.openapi.yaml states once, in info.description, for every route and
 * before any routing (so no operation lists them): URL over 8 KiB → 414, more than 100 query
 * parameters → 400, headers over 16 KiB → 431, a body over 100 KB → 413, too slow → 408.
 */
const SPEC_LIMITS = {
  urlBytes: 8 * 1024,
  queryParameters: 100,
  bodyBytes: 100 * 1024,
  headerBytes: 16 * 1024,
} as const;

const LIMIT_STATUSES = new Set([408, 413, 414, 431]);

/** Counts query parameters the way a limit is stated: pieces between `&` after the `?`. */
function countQueryParameters(target: string): number {
  const query = toQueryString(target);
  return query === '' ? 0 : query.split('&').length;
}

/** Whether an answer is one of the spec's global limit answers rather than an operation's own. */
export function isLimitAnswer(status: number, target: string): boolean {
  return LIMIT_STATUSES.has(status) || (status === 400 && countQueryParameters(target) > SPEC_LIMITS.queryParameters);
}

/**
 * The session cap the spec states once, in info.description, for every route: an X-Mock-Session
 * over 128 characters (after UTF-8 decoding; the header goes on the wire as latin1 bytes) → 400.
 */
export function isSessionCapAnswer(status: number, session: string | undefined): boolean {
  return (
    status === 400 &&
    session !== undefined &&
    checkSessionLength(Buffer.from(session, 'latin1').toString('utf8')) !== undefined
  );
}
