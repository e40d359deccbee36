import type { IncomingMessage, RequestListener } from 'node:http';
import type { FakeState } from './fake-answers';
import { error, success, unauthorized } from './fake-answers';
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
  const route = findRoute(state.deviation, request.method, request.path);
  if (route === undefined) return json404();
  if ('redirect' in route) return { status: 301, headers: { Location: route.redirect }, body: '' };
  if (route.guarded && !isAuthorized(state.deviation, request, state.issued))
    return unauthorized(state, request.authorizations.length === 0);
  if (route.ids === 'not one id') return error(state, 400, 'bad', 'exactly one id');
  const post = route.operation === 'child';
  const ids = route.ids.map(([name, raw]) => [name, readId(state.deviation, raw)] as [string, string]);
  for (const [name, id] of ids) {
    const refused = refuseId(state, name, id, post);
    if (refused) return refused;
  }
  const [first] = ids;
  const object = post ? `fileId=${ids[1]?.[1] ?? ''}` : `${first?.[0] ?? ''}=${first?.[1] ?? ''}`;
  if (state.deviation === 'same-token-for-file-and-scene' && !post && ['fileId', 'sceneId'].includes(first?.[0] ?? ''))
    return success(state, post, object, `scene-or-file-${first?.[1] ?? ''}`);
  if (state.deviation === 'child-file-token-is-its-file-token' && (post || first?.[0] === 'fileId'))
    return success(state, post, object, `file-${ids.at(-1)?.[1] ?? ''}`);
  return success(state, post, object);
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
  if (path === '/view/token' && method === 'GET')
    return { operation: 'view', ids: queryIds(query), guarded: guarded('/view/token') };
  const foldsCase = deviation === 'guarded-aliases' || deviation === 'case-insensitive-routes-unguarded';
  const child = new RegExp(CHILD.source, foldsCase ? 'i' : '').exec(path);
  if (!child) return undefined;
  const ids: [string, string][] = [
    ['integrateId', decode(child[1] ?? '')],
    ['fileId', decode(child[2] ?? '')],
  ];
  const canonical = `/data/v2/integrations/${child[1] ?? ''}/files/${child[2] ?? ''}/viewToken`;
  if (method === 'POST') return { operation: 'child', ids, guarded: guarded(canonical) };
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
