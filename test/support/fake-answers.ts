import { createHash, createHmac } from 'node:crypto';
import type { Deviation, FakeAnswer } from './fake-deviations';
import { FAKE_TOKEN } from './fake-deviations';

/** What one fake remembers: its deviation, the tokens it issued, the objects it served, a counter. */
export interface FakeState {
  deviation: Deviation;
  issued: Set<string>;
  served: Set<string>;
  count: number;
}

const TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

export function json(status: number, body: unknown): FakeAnswer {
  return { status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

/** A JSON answer as this fake writes them (pretty, escaped, with extra headers: readings the document allows). */
function format(state: FakeState, status: number, body: unknown, type = 'application/json'): FakeAnswer {
  const text = jsonText(state, body);
  const headers = { 'Content-Type': type, ...cookiesOf(state) };
  if (state.deviation !== 'extra-headers') return { status, headers, body: text };
  const extra: Record<string, string> = {
    'X-Request-Id': `req-${state.count}`,
    'Cache-Control': 'no-store',
    Vary: 'Authorization',
    'Set-Cookie': 'session=abc; HttpOnly',
    Server: 'fake/1.0',
  };
  if (status === 401) extra['WWW-Authenticate'] = 'Bearer error="invalid_token"';
  return { status, headers: { 'Content-Type': `${type}; charset=utf-8`, ...extra }, body: text };
}

function jsonText(state: FakeState, body: unknown): string {
  if (state.deviation === 'pretty-json') return `${JSON.stringify(body, null, 2)}\n`;
  if (state.deviation === 'unicode-escaped-json') return escapedJson(body);
  return JSON.stringify(body);
}

/** JSON whose every letter inside a string is a `\u` escape (`{"\u0063ode":...}`): the same value (RFC 8259 §7). */
function escapedJson(value: unknown): string {
  if (typeof value === 'string')
    return `"${[...value].map((char) => (/[A-Za-z]/.test(char) ? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}` : JSON.stringify(char).slice(1, -1))).join('')}"`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  return `{${Object.entries(value)
    .map(([name, item]) => `${escapedJson(name)}:${escapedJson(item)}`)
    .join(',')}}`;
}

/** Cookies every answer of the fake sets: a load balancer's and an application server's (no credential in them). */
function cookiesOf(state: FakeState): Record<string, string> {
  if (state.deviation !== 'load-balancer-cookies') return {};
  const stickiness = createHash('sha256').update(`lb-${state.count}`).digest('base64');
  return { 'Set-Cookie': `AWSALB=${stickiness}; Expires=Tue, 01 Dec 2099 00:00:00 GMT; Path=/` };
}

/** An error as this fake writes it: its envelope, or RFC 9457 problem+json, or what its deviation puts in it. */
export function error(state: FakeState, status: number, code: string, message: string): FakeAnswer {
  const { deviation } = state;
  if (deviation === 'problem-json-errors')
    return format(
      state,
      status,
      { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail: message },
      'application/problem+json',
    );
  const body: Record<string, unknown> = {
    code: deviation === 'refusals-say-success' && status !== 400 ? 'success' : code,
    data: null,
    message,
  };
  if (deviation === 'forbidden-carries-a-token' && status === 403) body.data = mintToken(state, 'refused');
  if (deviation === 'refusal-echoes-issued-token' && status === 401) body.hint = [...state.issued].at(-1) ?? null;
  return format(state, status, body);
}

export function unauthorized(state: FakeState, missing: boolean): FakeAnswer {
  const { deviation } = state;
  if (deviation === 'html-401' || deviation === 'errors-of-any-media-type') return html(401);
  if (deviation === 'empty-401') return { status: 401, headers: {}, body: '' };
  if (deviation === 'refuses-auth-with-403') return error(state, 403, 'denied', 'no');
  if (deviation === 'refuses-missing-auth-with-400' && missing)
    return error(state, 400, 'bad', 'Authorization header is required');
  return error(state, 401, 'unauthorized', 'no');
}

/** A valid int64 that names no object. */
export function notFound(state: FakeState): FakeAnswer {
  if (state.deviation === 'errors-of-any-media-type')
    return { status: 404, headers: { 'Content-Type': 'application/xml' }, body: '<error>not found</error>' };
  return error(state, 404, 'not.found', 'no');
}

export function forbidden(state: FakeState): FakeAnswer {
  if (state.deviation === 'errors-of-any-media-type')
    return { status: 403, headers: {}, body: 'Forbidden: another application owns this file' };
  return error(state, 403, 'denied', 'no');
}

function html(status: number): FakeAnswer {
  return {
    status,
    headers: { 'Content-Type': 'text/html' },
    body: '<html><body><h1>401 Unauthorized</h1></body></html>',
  };
}

/** The answer issuing a View Token for `object` (`fileId=11`); `fixed`: a token the caller decided. */
export function success(state: FakeState, post: boolean, object: string, fixed?: string): FakeAnswer {
  const { deviation } = state;
  const again = state.served.has(object);
  state.served.add(object);
  if (post && deviation === 'post-answers-201') return { status: 201, headers: {}, body: '' };
  const token = fixed ?? (deviation === 'second-token-empty' && again ? '' : mintToken(state, object));
  if (token !== '') state.issued.add(token);
  const envelope: Record<string, unknown> = {
    code: deviation === 'wrong-success-code' ? 'ok' : 'success',
    data: deviation === 'data-not-string' ? 42 : token,
    message: deviation === 'non-empty-message' ? 'done' : '',
  };
  if (deviation === 'extra-envelope-fields') Object.assign(envelope, { traceId: 'abc', timestamp: 1 });
  if (deviation === 'body-not-json')
    return { status: 200, headers: { 'Content-Type': 'application/json' }, body: `token=${token}` };
  if (deviation === 'no-content-type') return { status: 200, headers: {}, body: JSON.stringify(envelope) };
  if (deviation === 'bad-content-type')
    return { status: 200, headers: { 'Content-Type': 'json please' }, body: JSON.stringify(envelope) };
  if (post && deviation === 'post-201-with-envelope') return json(201, envelope);
  if (deviation === 'text-plain-success')
    return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(envelope) };
  if (deviation === 'duplicate-data-member') {
    const text = JSON.stringify(envelope);
    return { ...format(state, 200, envelope), body: `${text.slice(0, -1)},"data":"${mintToken(state, object)}"}` };
  }
  const answer = format(state, 200, envelope);
  return { ...answer, headers: { ...answer.headers, ...successHeaders(deviation) } };
}

/** What a token answer of the fake says of caching and cookies. */
function successHeaders(deviation: Deviation): Record<string, string> {
  if (deviation === 'token-answers-cache-public') return { 'Cache-Control': 'public, max-age=3600' };
  if (deviation === 'private-cache-with-vary')
    return { 'Cache-Control': 'private, max-age=300', Vary: 'Authorization' };
  // RFC 9213: a CDN obeys CDN-Cache-Control in place of Cache-Control.
  if (deviation === 'cdn-cache-control-public')
    return { 'Cache-Control': 'private', 'CDN-Cache-Control': 'public, max-age=60' };
  if (deviation === 'cdn-cache-control-private')
    return { 'Cache-Control': 'private, max-age=300', 'CDN-Cache-Control': 'private' };
  if (deviation === 'cdn-cache-control-no-store') return { 'CDN-Cache-Control': 'no-store' };
  if (deviation === 'sets-access-token-cookie') return { 'Set-Cookie': `access_token=${FAKE_TOKEN}; Path=/; HttpOnly` };
  return {};
}

const base64url = (text: string): string => Buffer.from(text).toString('base64url');

/** 27 hex digits no caller can tell from random (a keyed hash of the fake's counter): what a careful server's token looks like. */
function randomHex(seed: string, length = 32): string {
  return createHmac('sha256', 'fake-token-key').update(seed).digest('hex').slice(0, length);
}

/** A JWT of these claims, signed (HS256) or not (`alg: none`, no signature). */
function jwt(claims: object, signed: boolean): string {
  const head = base64url(JSON.stringify({ alg: signed ? 'HS256' : 'none', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = signed ? createHmac('sha256', 'fake-key').update(`${head}.${body}`).digest('base64url') : '';
  return `${head}.${body}.${signature}`;
}

/** A new View Token in this fake's format (most: 32 hex digits, new each time). */
function mintToken(state: FakeState, object: string): string {
  state.count += 1;
  const serial = state.count.toString(16).padStart(27, '0');
  const random = randomHex(`${state.count}`, 27);
  const now = Math.floor(Date.now() / 1000);
  switch (state.deviation) {
    case 'same-token-for-every-object':
      return 'f'.repeat(32);
    case 'sequential-tokens':
      return `token${serial}`;
    case 'view-token-embeds-access-token':
      return `vt-${FAKE_TOKEN}-${random}`;
    case 'view-token-base64-embeds-access-token':
      return `${base64url(JSON.stringify({ object, at: FAKE_TOKEN }))}.${base64url(random)}`;
    case 'view-token-hex-encodes-access-token':
      return Buffer.from(`${random}:${FAKE_TOKEN}`).toString('hex');
    case 'opaque-tokens':
      return `#vt!${random}|${object}~`;
    case 'signed-tokens-naming-the-object':
      return `${base64url(JSON.stringify({ object }))}.${createHmac('sha256', 'fake-key').update(object).digest('base64url')}`;
    case 'base64-tokens':
      return Buffer.concat([
        Buffer.from([0xfb, 0xff, 0xbf]),
        createHash('sha256').update(serial).digest().subarray(0, 19),
      ]).toString('base64');
    case 'stable-token-per-object':
      return createHash('sha256').update(object).digest('hex').slice(0, 32);
    case 'ignores-id-parameter-name':
      return randomHex(`view-token-for-${object.replace(/^\w+=/, '')}`);
    case 'numeric-tokens':
      return (BigInt(`0x${randomHex(`${state.count}`, 40)}`) % 10n ** 40n).toString().padStart(40, '0');
    case 'unsigned-jwt-tokens':
      return jwt({ object, jti: random }, false);
    case 'signed-jwt-without-exp':
      return jwt({ object, jti: random }, true);
    case 'jwt-expires-in-an-hour':
      return jwt({ object, jti: random, iat: now, exp: now + 3600 }, true);
    case 'jwt-exp-as-string':
      return jwt({ object, jti: random, iat: now, exp: String(now + 48 * 3600) }, true);
    case 'signed-jwt-expiring-in-12-hours':
      return jwt({ object, jti: random, iat: now, exp: now + 12 * 3600 }, true);
    default:
      return randomHex(`${state.count}`);
  }
}

/** A fixed token the fake hands out for a set of objects (a deviation's), random-looking like its others. */
export function fixedToken(seed: string): string {
  return randomHex(`fixed-${seed}`);
}
