import { findNearestRoute } from '../near-miss';
import type { Area, OperationId, Route } from './route-table';
import { AREA_RULES } from './route-table';
import { createAreaOfUnmatched } from './unmatched-area';

/** What a request is: one operation, a known path with another method, or nothing the spec has. */
export type RouteMatch = MatchedRoute | MethodNotAllowed | RouteNotFound;

export interface MatchedRoute {
  kind: 'matched';
  operationId: OperationId;
  area: Area;
  route: Route;
  /** Path parameters, percent-decoded exactly once. */
  params: Readonly<Record<string, string>>;
  /** A path parameter that is not valid percent-encoding (kept raw in `params`), if any. */
  undecodable?: string;
  /** The path under the base path (`/view/token`), as the journal keeps it. */
  path: string;
}

export interface MethodNotAllowed {
  kind: 'method-not-allowed';
  area: Area;
  /** The spec's methods for this path. */
  allow: readonly string[];
  /** `Allow` as sent: the spec's methods and OPTIONS. */
  allowHeader: string;
  /** The request's path (base path included). */
  path: string;
}

export interface RouteNotFound {
  kind: 'not-found';
  /** Decided by the table too: the area whose paths this one shares the most leading segments with. */
  area: Area;
  /** The nearest route (`GET /view/token`), when one is close. */
  hint: string | undefined;
  path: string;
}

export type MatchRoute = (method: string, rawTarget: string) => RouteMatch;

/** A path the spec has, with the operation of each method on it. */
interface PathEntry {
  byMethod: Map<string, { route: Route; names: readonly string[] }>;
  allow: readonly string[];
  allowHeader: string;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The one matcher: every adapter (the listener, the Express app, the MSW handlers, the proxy) asks
 * it what a request is. Exact like a real server: case-sensitive; no trailing-slash, doubled-slash,
 * dot-segment, `;`-parameter or percent-encoding aliases (`/view/%74oken` is not `/view/token`);
 * an absolute-form target (`http://host/view/token`) is read as its path. HEAD is answered wherever
 * GET is, by the GET's operation (RFC 9110; the operation sees the method). Any other method the spec
 * does not list on a known path (OPTIONS included) is `method-not-allowed` with the path's methods.
 * `basePath` prefixes the areas whose AREA_RULES say so. Parameterless paths are one Map lookup
 * answering a result made in advance; the few templated paths are tried after.
 * @example
 * createRouteMatcher(ROUTE_TABLE, { basePath: '' })('GET', '/view/token?fileId=1')
 * // { kind: 'matched', operationId: 'getViewToken', ... }
 */
export function createRouteMatcher(routes: readonly Route[], { basePath }: { basePath: string }): MatchRoute {
  const full = (route: Route): string => `${AREA_RULES[route.area].basePath ? basePath : ''}${route.path}`;
  const { exact, templated } = toLookup(routes, full);
  const hintRoutes = routes.map((route) => ({ method: route.method, template: full(route) }));
  const areaOfUnmatched = createAreaOfUnmatched(routes.map((route) => ({ template: full(route), area: route.area })));
  return (method, rawTarget) => {
    const path = toTargetPath(rawTarget);
    const found = exact.get(path);
    if (found !== undefined) {
      const matched = found.matched.get(method);
      if (matched !== undefined) return matched;
      if (!found.alsoTemplated) return notAllowed(found.entry, path);
    }
    let first: PathEntry | undefined = found?.entry;
    for (const candidate of templated) {
      const groups = candidate.pattern.exec(path);
      if (groups === null) continue;
      first ??= candidate.entry;
      const operation = candidate.entry.byMethod.get(method);
      if (operation !== undefined) return toMatched(operation.route, operation.names, groups, basePath);
    }
    if (first !== undefined) return notAllowed(first, path);
    return { kind: 'not-found', area: areaOfUnmatched(path), hint: findNearestRoute(method, path, hintRoutes), path };
  };
}

interface ExactPath {
  entry: PathEntry;
  matched: Map<string, MatchedRoute>;
  alsoTemplated: boolean;
}
interface TemplatedPath {
  pattern: RegExp;
  entry: PathEntry;
  literalSegments: number;
}

/** The table as the matcher reads it: parameterless paths with results made, templated ones in OpenAPI's order. */
function toLookup(
  routes: readonly Route[],
  full: (route: Route) => string,
): { exact: Map<string, ExactPath>; templated: TemplatedPath[] } {
  const entries = new Map<string, PathEntry>();
  for (const route of routes) {
    const template = full(route);
    const entry = entries.get(template) ?? { byMethod: new Map(), allow: [], allowHeader: '' };
    entry.byMethod.set(route.method, {
      route,
      names: [...template.matchAll(/\{([^{}]+)\}/g)].map((found) => found[1] as string),
    });
    entries.set(template, entry);
  }
  for (const entry of entries.values()) {
    const get = entry.byMethod.get('GET');
    // HEAD goes wherever GET goes (RFC 9110), listed right after it.
    if (get !== undefined && !entry.byMethod.has('HEAD'))
      entry.byMethod = new Map(
        [...entry.byMethod].flatMap((pair) => (pair[0] === 'GET' ? [pair, ['HEAD', get]] : [pair])),
      );
    entry.allow = [...entry.byMethod.keys()];
    entry.allowHeader = [...entry.allow, 'OPTIONS'].join(', ');
  }
  const templated: TemplatedPath[] = [...entries]
    .filter(([template]) => template.includes('{'))
    .map(([template, entry]) => ({
      pattern: toPattern(template),
      entry,
      literalSegments: template.split('/').filter((segment) => !segment.includes('{')).length,
    }));
  // The path with more literal segments first (`/scenarios/catalog` before `/scenarios/{id}`).
  templated.sort((a, b) => b.literalSegments - a.literalSegments);
  const exact = new Map<string, ExactPath>();
  for (const [template, entry] of entries) {
    if (template.includes('{')) continue;
    const matched = new Map<string, MatchedRoute>();
    for (const [method, { route }] of entry.byMethod) {
      matched.set(
        method,
        Object.freeze({
          kind: 'matched',
          operationId: route.operationId as OperationId,
          area: route.area,
          route,
          params: NO_PARAMS,
          path: route.path,
        }),
      );
    }
    exact.set(template, {
      entry,
      matched,
      alsoTemplated: templated.some((candidate) => candidate.pattern.test(template)),
    });
  }
  return { exact, templated };
}

function notAllowed(entry: PathEntry, path: string): MethodNotAllowed {
  return { kind: 'method-not-allowed', area: areaOf(entry), allow: entry.allow, allowHeader: entry.allowHeader, path };
}

function areaOf(entry: PathEntry): Area {
  return (entry.byMethod.values().next().value as { route: Route }).route.area;
}

function toMatched(route: Route, names: readonly string[], groups: RegExpExecArray, basePath: string): MatchedRoute {
  const params: Record<string, string> = {};
  let undecodable: string | undefined;
  names.forEach((name, index) => {
    const raw = groups[index + 1] as string;
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
      undecodable ??= name;
    }
  });
  const path = AREA_RULES[route.area].basePath && basePath ? groups[0].slice(basePath.length) : groups[0];
  return {
    kind: 'matched',
    operationId: route.operationId as OperationId,
    area: route.area,
    route,
    params,
    path,
    ...(undecodable === undefined ? {} : { undecodable }),
  };
}

/** `{name}` is one non-empty segment; everything else is literal, letter case included. */
function toPattern(template: string): RegExp {
  const escaped = template
    .split(/(\{[^{}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

/**
 * The path of a request target as sent: origin-form (`/a?b` → `/a`) or absolute-form
 * (`http://host/a?b` → `/a`, as proxies send it); anything else (`*`) as it is.
 */
export function toTargetPath(target: string): string {
  let start = 0;
  if (target.charCodeAt(0) !== 47 /* / */) {
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(target);
    if (scheme === null) return target;
    start = target.slice(scheme[0].length).search(/[/?]/) + scheme[0].length;
    if (start < scheme[0].length || target.charCodeAt(start) !== 47) return '/';
  }
  const end = target.indexOf('?', start);
  return end < 0 ? (start === 0 ? target : target.slice(start)) : target.slice(start, end);
}

/** The raw query string of a request target (after `?`), '' when there is none. */
export function toQueryString(target: string): string {
  const mark = target.indexOf('?');
  return mark < 0 ? '' : target.slice(mark + 1);
}
