import type { RequestListener } from 'node:http';
/**
 * A conformant fake View Token service, with one named deviation at a time: the self-tests drive
 * it through nock to show each contract check fails when, and only when, the contract is broken.
 */
export const FAKE_IDS = { valid: '11', integrateId: '22', childFileId: '33', missing: '404404', forbidden: '403403' } as const;
export const FAKE_TOKEN = 'good-token';

export type Deviation =
  | 'none' | 'accepts-any-token' | 'accepts-basic' | 'accepts-no-auth' | 'wrong-success-code' | 'non-empty-message'
  | 'data-not-string' | 'body-not-json' | 'no-content-type' | 'bad-content-type' | 'second-token-empty'
  | 'missing-answers-200' | 'missing-integration-answers-400' | 'forbidden-answers-404' | 'accepts-malformed-id'
  | 'crashes-on-overflow' | 'missing-answers-410' | 'accepts-underflow'
  | 'refuses-zero-and-negative-ids' | 'crashes-on-max-id' | 'refuses-min-path-id' | 'same-token-for-every-object'
  | 'accepts-token-under-any-scheme' | 'accepts-bare-token' | 'accepts-empty-bearer' | 'same-token-for-file-and-scene'
  // differences the interface document allows: these must pass
  | 'post-answers-201' | 'post-201-with-envelope' | 'child-file-token-is-its-file-token' | 'html-401' | 'empty-401' | 'errors-of-any-media-type' | 'refuses-auth-with-403'
  | 'extra-envelope-fields' | 'text-plain-success';

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const INT64 = /^-?\d{1,19}$/;
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;
const ID_NAMES = ['fileId', 'integrateId', 'compareId', 'sceneId', 'submodelId', 'clashDetectiveId', 'moduleDataId'];
let issued = 0;
/** Objects given a token so far (by their ids), for the deviation that breaks the second one. */
const served = new Set<string>();

/** Forgets what the fake issued (call between tests: some deviations depend on it). */
export function resetFake(): void {
  issued = 0;
  served.clear();
}

/** Answers one request as the fake implementation with the given deviation. */
export function answerFake(deviation: Deviation, method: string, url: URL, headers: Record<string, string | string[] | undefined>): FakeAnswer {
  const authorization = String(headers.authorization ?? '');
  const bearer = /^bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const authorized = bearer === FAKE_TOKEN
    || (deviation === 'accepts-any-token' && bearer !== undefined)
    || (deviation === 'accepts-basic' && /^basic /i.test(authorization))
    || (deviation === 'accepts-token-under-any-scheme' && authorization.endsWith(` ${FAKE_TOKEN}`))
    || (deviation === 'accepts-bare-token' && authorization === FAKE_TOKEN)
    || (deviation === 'accepts-empty-bearer' && /^bearer\s*$/i.test(authorization))
    || deviation === 'accepts-no-auth';
  if (!authorized) return refuse(deviation);
  const child = /^\/data\/v2\/integrations\/([^/]+)\/files\/([^/]+)\/viewToken$/.exec(url.pathname);
  if (method === 'POST' && child) return answerIds(deviation, [['integrateId', decodeURIComponent(child[1] ?? '')], ['fileId', decodeURIComponent(child[2] ?? '')]], true);
  if (method === 'GET' && url.pathname === '/view/token') {
    const given = ID_NAMES.filter((name) => url.searchParams.has(name));
    if (given.length !== 1) return json(400, { code: 'bad', data: null, message: 'exactly one id' });
    return answerIds(deviation, given.map((name) => [name, url.searchParams.get(name) ?? '']), false);
  }
  return json(404, { code: 'no.route', data: null, message: 'no' });
}

function refuse(deviation: Deviation): FakeAnswer {
  if (deviation === 'html-401' || deviation === 'errors-of-any-media-type') return html(401);
  if (deviation === 'empty-401') return { status: 401, headers: {}, body: '' };
  if (deviation === 'refuses-auth-with-403') return json(403, { code: 'denied', data: null, message: 'no' });
  return json(401, { code: 'unauthorized', data: null, message: 'no' });
}

function answerIds(deviation: Deviation, ids: [string, string][], post: boolean): FakeAnswer {
  for (const [name, id] of ids) {
    const outOfRange = INT64.test(id) && (BigInt(id) > INT64_MAX || (BigInt(id) < INT64_MIN && deviation !== 'accepts-underflow'));
    if (!INT64.test(id) || outOfRange) {
      if (deviation === 'crashes-on-overflow' && /^\d{19}$/.test(id)) return json(500, { code: 'boom', data: null, message: 'overflow' });
      if (deviation !== 'accepts-malformed-id') return json(400, { code: 'bad', data: null, message: `${name} invalid` });
    }
    if (deviation === 'accepts-underflow' && INT64.test(id) && BigInt(id) < INT64_MIN) continue;
    if (deviation === 'refuses-zero-and-negative-ids' && INT64.test(id) && BigInt(id) <= 0n) return json(400, { code: 'bad', data: null, message: `${name} must be positive` });
    if (deviation === 'crashes-on-max-id' && id === String(INT64_MAX)) return json(500, { code: 'boom', data: null, message: 'precision' });
    if (deviation === 'refuses-min-path-id' && post && id === String(INT64_MIN)) return json(400, { code: 'bad', data: null, message: 'bad id' });
    if ((INT64.test(id) && BigInt(id) <= 0n) || id === String(INT64_MAX)) return notFound(deviation);
    if (id === FAKE_IDS.missing) {
      if (deviation === 'missing-answers-410') return json(410, { code: 'gone', data: null, message: 'gone' });
      if (deviation === 'missing-integration-answers-400' && name === 'integrateId') return json(400, { code: 'bad', data: null, message: 'no integration' });
      if (deviation !== 'missing-answers-200') return json(404, { code: 'not.found', data: null, message: 'no' });
    }
    if (id === FAKE_IDS.forbidden) {
      if (deviation === 'errors-of-any-media-type') return { status: 403, headers: {}, body: 'Forbidden: another application owns this file' };
      return deviation === 'forbidden-answers-404' ? json(404, { code: 'not.found', data: null, message: 'no' }) : json(403, { code: 'denied', data: null, message: 'no' });
    }
  }
  const object = ids.map(([name, id]) => `${name}=${id}`).join(' ');
  const again = served.has(object);
  served.add(object);
  if (deviation === 'same-token-for-file-and-scene' && !post && ['fileId', 'sceneId'].includes(ids[0]?.[0] ?? '')) return success(deviation, post, again, `scene-or-file-${ids[0]?.[1]}`);
  if (deviation === 'child-file-token-is-its-file-token' && (post || ids[0]?.[0] === 'fileId')) return success(deviation, post, again, `file-${ids.at(-1)?.[1]}`);
  return success(deviation, post, again);
}

/** A valid int64 that names no object. */
function notFound(deviation: Deviation): FakeAnswer {
  if (deviation === 'errors-of-any-media-type') return { status: 404, headers: { 'Content-Type': 'application/xml' }, body: '<error>not found</error>' };
  return json(404, { code: 'not.found', data: null, message: 'no' });
}

function success(deviation: Deviation, post: boolean, again: boolean, fixedToken?: string): FakeAnswer {
  issued += 1;
  if (post && deviation === 'post-answers-201') return { status: 201, headers: {}, body: '' };
  const token = fixedToken ?? (deviation === 'second-token-empty' && again ? '' : deviation === 'same-token-for-every-object' ? 'f'.repeat(32) : `token${issued.toString(16).padStart(27, '0')}`);
  const envelope: Record<string, unknown> = { code: deviation === 'wrong-success-code' ? 'ok' : 'success', data: deviation === 'data-not-string' ? 42 : token, message: deviation === 'non-empty-message' ? 'done' : '' };
  if (deviation === 'extra-envelope-fields') Object.assign(envelope, { traceId: 'abc', timestamp: 1 });
  if (deviation === 'body-not-json') return { status: 200, headers: { 'Content-Type': 'application/json' }, body: `token=${token}` };
  if (deviation === 'no-content-type') return { status: 200, headers: {}, body: JSON.stringify(envelope) };
  if (deviation === 'bad-content-type') return { status: 200, headers: { 'Content-Type': 'json please' }, body: JSON.stringify(envelope) };
  if (post && deviation === 'post-201-with-envelope') return json(201, envelope);
  if (deviation === 'text-plain-success') return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(envelope) };
  return json(200, envelope);
}

function json(status: number, body: unknown): FakeAnswer {
  return { status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

function html(status: number): FakeAnswer {
  return { status, headers: { 'Content-Type': 'text/html' }, body: '<html><body><h1>401 Unauthorized</h1></body></html>' };
}

/** The fake as a Node request listener (for in-process runs), each answer optionally edited. */
export function fakeListener(deviation: Deviation, edit: (answer: FakeAnswer) => FakeAnswer = (answer) => answer): RequestListener {
  return (req, res) => {
    const answer = edit(answerFake(deviation, req.method ?? 'GET', new URL(req.url ?? '/', 'http://fake.test'), req.headers));
    res.writeHead(answer.status, answer.headers).end(answer.body);
  };
}
