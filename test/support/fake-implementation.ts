import type { IncomingMessage, RequestListener } from 'node:http';
import type { FakeState } from './fake-answers';
import { error, fixedToken, success, unauthorized } from './fake-answers';
import { isAuthorized } from './fake-credentials';
import type { Deviation, FakeAnswer, FakeRequest } from './fake-deviations';
import { readId, refuseId } from './fake-ids';
import { findRoute, otherMethodAnswer, readBodyIds } from './fake-routes';

/**
 * A conformant fake View Token service, with one named deviation at a time: the self-tests drive
 * it (through nock, or in-process over real HTTP) to show each contract check fails when, and only
 * when, the contract is broken, and that what the interface document allows passes.
 */
export { FAKE_IDS, FAKE_TOKEN } from './fake-deviations';
export type { Deviation, FakeAnswer } from './fake-deviations';

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

/** A request as answerFake's callers give it (a repeated header joined with ", ", as nock and proxies do). */
function fromNock(
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

function json404(): FakeAnswer {
  return {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: 'no.route', data: null, message: 'no' }),
  };
}
