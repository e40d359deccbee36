import type { IncomingMessage, RequestListener } from 'node:http';
import type { FakeState } from './fake-answers';
import { error, fixedToken, success, unauthorized } from './fake-answers';
import { isAuthorized } from './fake-credentials';
import type { Deviation, FakeAnswer, FakeRequest } from './fake-deviations';
import { readId, refuseId } from './fake-ids';

/**
 * A conformant fake View Token service, with one named deviation at a time: the self-tests drive
 * it (through nock, or in-process over real HTTP) to show each contract check fails when, and only
 * when, the contract is broken, and that what the interface document allows passes.
 */
export { FAKE_IDS, FAKE_TOKEN } from './fake-deviations';
export type { Deviation, FakeAnswer, FakeRequest } from './fake-deviations';

/** Deviations whose router answers HEAD on the GET route as the GET (Node sends no body for HEAD). */
const HEAD_AS_GET: readonly Deviation[] = ['head-like-get', 'head-skips-auth'];

const ID_NAMES = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
const CHILD = /^\/data\/v2\/integrations\/([^/]+)\/files\/([^/]+)\/viewToken$/;

/** A request the fake serves: which operation, its raw ids, and whether its auth guard sees it. */
interface Route {
  operation: 'view' | 'child';
  ids: [string, string][] | 'not one id';
  guarded: boolean;
}

export interface Fake {
  answer(request: FakeRequest): FakeAnswer;
  /** The fake as a Node request listener (real HTTP, in-process), each answer optionally edited. */
  listener(edit?: (answer: FakeAnswer) => FakeAnswer): RequestListener;
}

/**
 * A fake with its own state (the tokens it issued, the objects it served).
 * @example const fake = createFake('accepts-token-in-query'); http.createServer(fake.listener())
 */
export function createFake(deviation: Deviation): Fake {
  const state: FakeState = { deviation, issued: new Set(), served: new Set(), count: 0 };
  const answer = (request: FakeRequest): FakeAnswer => answerRequest(state, request);
  return {
    answer,
    listener:
      (edit = (given) => given) =>
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const given = edit(answer(fromIncoming(req, Buffer.concat(chunks).toString('utf8'))));
          res.writeHead(given.status, given.headers).end(given.body);
        });
      },
  };
}

/** The fake as a Node request listener, for tests that need only that. */
export function fakeListener(deviation: Deviation, edit?: (answer: FakeAnswer) => FakeAnswer): RequestListener {
  return createFake(deviation).listener(edit);
}

const shared = new Map<Deviation, Fake>();

/** Answers one request as the fake with this deviation; its state is shared by every call until resetFake(). */
export function answerFake(
  deviation: Deviation,
  method: string,
  url: URL,
  headers: Record<string, string | string[] | undefined>,
  body?: unknown,
): FakeAnswer {
  const fake = shared.get(deviation) ?? createFake(deviation);
  shared.set(deviation, fake);
  return fake.answer(fromNock(method, `${url.pathname}${url.search}`, headers, body));
}

/** Forgets what the shared fakes of answerFake issued (call between tests: some deviations depend on it). */
export function resetFake(): void {
  shared.clear();
}

function fromIncoming(req: IncomingMessage, body: string): FakeRequest {
  const authorizations = req.rawHeaders.filter(
    (_value, index) => index % 2 === 1 && req.rawHeaders[index - 1]?.toLowerCase() === 'authorization',
  );
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, authorizations, body };
}

/** A request nock intercepted (it joins a repeated header with ", "). */
export function fromNock(
  method: string,
  path: string,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): FakeRequest {
  const authorization = headers.authorization;
  const authorizations =
    authorization === undefined ? [] : Array.isArray(authorization) ? authorization : authorization.split(', ');
  return { method, path, headers, authorizations, body: typeof body === 'string' ? body : JSON.stringify(body ?? '') };
}

function answerRequest(state: FakeState, request: FakeRequest): FakeAnswer {
  const other = otherMethodAnswer(state.deviation, request.method, request.path);
  if (other) return other;
  const route = findRoute(state.deviation, request.method, request.path);
  if (route === undefined) return json404();
  if ('redirect' in route) return { status: 301, headers: { Location: route.redirect }, body: '' };
  if (route.guarded && !isAuthorized(state.deviation, request, state.issued))
    return unauthorized(state, request.authorizations.length === 0);
  if (route.ids === 'not one id') return error(state, 400, 'bad', 'exactly one id');
  const post = route.operation === 'child';
  const bodyIds = post ? readBodyIds(state.deviation, request.body) : undefined;
  if (bodyIds === 'invalid') return error(state, 400, 'bad', 'the body is not JSON');
  const named = route.ids.map(([name, raw]): [string, string] => [name, bodyIds?.[name] ?? raw]);
  const ids = named.map(([name, raw]) => [name, readId(state.deviation, raw)] as [string, string]);
  for (const [name, id] of ids) {
    const refused = refuseId(state, name, id, post);
    if (refused) return refused;
  }
  const [first] = ids;
  const object = post ? `fileId=${ids[1]?.[1] ?? ''}` : `${first?.[0] ?? ''}=${first?.[1] ?? ''}`;
  if (state.deviation === 'same-token-for-file-and-scene' && !post && ['fileId', 'sceneId'].includes(first?.[0] ?? ''))
    return success(state, post, object, fixedToken(`scene-or-file-${first?.[1] ?? ''}`));
  if (state.deviation === 'child-file-token-is-its-file-token' && (post || first?.[0] === 'fileId'))
    return success(state, post, object, fixedToken(`file-${ids.at(-1)?.[1] ?? ''}`));
  return success(state, post, object);
}

/**
 * The ids a POST body names, when the fake reads its body: a deviant one lets them replace the
 * path's; a careful one only checks that a body is JSON. `invalid`: a body that is not JSON.
 */
function readBodyIds(deviation: Deviation, body: string): Record<string, string> | 'invalid' | undefined {
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
function otherMethodAnswer(deviation: Deviation, method: string, raw: string): FakeAnswer | undefined {
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

function json404(): FakeAnswer {
  return {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: 'no.route', data: null, message: 'no' }),
  };
}

/**
 * The operation a raw path and method reach. The conformant fake serves exactly the two routes; a
 * deviating router also serves other forms, and its guard (an exact path compare) may miss them.
 */
function findRoute(deviation: Deviation, method: string, raw: string): Route | { redirect: string } | undefined {
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
