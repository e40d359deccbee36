import type { Deviation, FakeAnswer } from './fake-deviations';

// How the fake's router reads a request: which route a method and a raw path reach, what a deviating
// router does with other methods and forms, and the ids a POST body names.

/** Deviations whose router answers HEAD on the GET route as the GET (Node sends no body for HEAD). */
const HEAD_AS_GET: readonly Deviation[] = ['head-like-get', 'head-skips-auth'];

const ID_NAMES = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
const CHILD = /^\/data\/v2\/integrations\/([^/]+)\/files\/([^/]+)\/viewToken$/;

/** A request the fake serves: which operation, its raw ids, and whether its auth guard sees it. */
export interface Route {
  operation: 'view' | 'child';
  ids: [string, string][] | 'not one id';
  guarded: boolean;
}

/**
 * The ids a POST body names, when the fake reads its body: a deviant one lets them replace the
 * path's; a careful one only checks that a body is JSON. `invalid`: a body that is not JSON.
 */
export function readBodyIds(deviation: Deviation, body: string): Record<string, string> | 'invalid' | undefined {
  if (deviation !== 'post-body-overrides-path-ids' && deviation !== 'reads-json-body-ignores-ids') return undefined;
  if (body === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'invalid';
  }
  if (deviation === 'reads-json-body-ignores-ids' || typeof parsed !== 'object' || parsed === null) return undefined;
  const named = Object.entries(parsed).filter(([name]) => name === 'integrateId' || name === 'fileId');
  return Object.fromEntries(named.map(([name, value]) => [name, String(value)]));
}

const ROUTE_METHODS: [RegExp, string][] = [
  [/^\/view\/token$/, 'GET'],
  [CHILD, 'POST'],
];

/** What the fake answers a method its route does not have, when its deviation decides that (else the usual routing). */
export function otherMethodAnswer(deviation: Deviation, method: string, raw: string): FakeAnswer | undefined {
  const pathname = raw.split('?')[0] ?? '';
  const own = ROUTE_METHODS.find(([pattern]) => pattern.test(pathname))?.[1];
  if (own === undefined || method === own) return undefined;
  if (deviation === 'answers-405-with-allow')
    return {
      status: 405,
      headers: { Allow: own, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'method.not.allowed', data: null, message: `use ${own}` }),
    };
  if (deviation === 'options-preflight' && method === 'OPTIONS')
    return {
      status: 204,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': `${own}, OPTIONS`,
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
      },
      body: '',
    };
  return undefined;
}

/**
 * The operation a raw path and method reach. The conformant fake serves exactly the two routes; a
 * deviating router also serves other forms, and its guard (an exact path compare) may miss them.
 */
export function findRoute(deviation: Deviation, method: string, raw: string): Route | { redirect: string } | undefined {
  const [pathname = '', query = ''] = raw.split(/\?(.*)/s);
  if (deviation === 'redirects-trailing-slash' && pathname.length > 1 && pathname.endsWith('/'))
    return { redirect: `${pathname.slice(0, -1)}${query === '' ? '' : `?${query}`}` };
  const path = routedPath(deviation, pathname);
  const guarded = (canonical: string): boolean => deviation === 'guarded-aliases' || pathname === canonical;
  const anyMethod = deviation === 'serves-any-method' || deviation === 'other-methods-unguarded';
  // A guard that checks the documented method only: every other one reaches the handler unguarded.
  const guardedMethod = (own: string): boolean => deviation !== 'other-methods-unguarded' || method === own;
  const asGet = method === 'GET' || anyMethod || (method === 'HEAD' && HEAD_AS_GET.includes(deviation));
  if (path === '/view/token' && asGet) {
    const unguardedHead = method === 'HEAD' && deviation === 'head-skips-auth';
    return {
      operation: 'view',
      ids: queryIds(query),
      guarded: guarded('/view/token') && !unguardedHead && guardedMethod('GET'),
    };
  }
  const foldsCase = deviation === 'guarded-aliases' || deviation === 'case-insensitive-routes-unguarded';
  const child = new RegExp(CHILD.source, foldsCase ? 'i' : '').exec(path);
  if (!child) return undefined;
  const ids: [string, string][] = [
    ['integrateId', decode(child[1] ?? '')],
    ['fileId', decode(child[2] ?? '')],
  ];
  const canonical = `/data/v2/integrations/${child[1] ?? ''}/files/${child[2] ?? ''}/viewToken`;
  if (method === 'POST' || (anyMethod && method !== 'GET'))
    return { operation: 'child', ids, guarded: guarded(canonical) && guardedMethod('POST') };
  if (method === 'GET' && deviation === 'get-on-child-route-unguarded')
    return { operation: 'child', ids, guarded: false };
  if (method === 'GET' && deviation === 'guarded-aliases') return { operation: 'child', ids, guarded: true };
  return undefined;
}

/** The path a deviating router matches: with a trailing slash dropped, case folded, `//` and `./` resolved, `%xx` decoded, suffixes cut. */
function routedPath(deviation: Deviation, pathname: string): string {
  const all = deviation === 'guarded-aliases';
  let path = pathname;
  if (all || deviation === 'normalizes-paths-unguarded')
    path = decode(path)
      .replace(/\/\.(?=\/)/g, '')
      .replace(/\/{2,}/g, '/');
  if (all || deviation === 'strips-suffixes-unguarded') path = path.replace(/;[^/]*$/, '').replace(/\.json$/, '');
  if ((all || deviation === 'serves-trailing-slash-unguarded') && path.length > 1) path = path.replace(/\/$/, '');
  return all || deviation === 'case-insensitive-routes-unguarded' ? path.toLowerCase() : path;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function queryIds(query: string): [string, string][] | 'not one id' {
  const params = new URLSearchParams(query);
  const given = ID_NAMES.filter((name) => params.has(name));
  return given.length === 1 ? given.map((name) => [name, params.get(name) ?? '']) : 'not one id';
}
