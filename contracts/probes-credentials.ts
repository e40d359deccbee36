import { randomBytes } from 'node:crypto';
import type { ContractSpec } from './contract-spec';
import type { Exchange, ProbeRequest } from './http-exchange';
import { viewTokenOf } from './issued-token';
import type { ContractOptions } from './options';
import type { Planner, Probe, ProbeIntent } from './probe-planner';
import { createPlanner } from './probe-planner';

/** RFC 6750's b64token: what a well-formed bearer credential looks like (else a server may refuse it as malformed, 400). */
export const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
/** What Node (and HTTP) can carry in a header value. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

type Headers = ProbeRequest['headers'];

/** Where a probe puts its credentials: headers, and for the misplaced ones a query. */
interface Placement {
  headers: Headers;
  query?: string;
}

/**
 * The same credentials on both operations: the first query id on the GET, the given child ids on
 * the POST. `shown` places a stand-in instead, for reports (a secret outside `Authorization`).
 */
function onBoth(planner: Planner, intent: ProbeIntent, label: string, placed: Placement, shown?: Placement): void {
  const {
    first: [name, value],
    childIds,
    spec,
    add,
  } = planner;
  const asGet = (place: Placement): ProbeRequest =>
    planner.get(`?${name}=${value}${place.query === undefined ? '' : `&${place.query}`}`, place.headers);
  add({
    id: `GET with ${label}`,
    operation: 'getViewToken',
    intent,
    request: { ...asGet(placed), ...(shown ? { shown: asGet(shown) } : {}) },
    where: `GET ${spec.operations.getViewToken.path}`,
    variant: label,
  });
  if (!childIds) return;
  const asPost = (place: Placement): ProbeRequest => {
    const request = planner.post(childIds, place.headers);
    return { ...request, path: place.query === undefined ? request.path : `${request.path}?${place.query}` };
  };
  add({
    id: `POST with ${label}`,
    operation: 'getChildFileViewToken',
    intent,
    request: { ...asPost(placed), ...(shown ? { shown: asPost(shown) } : {}) },
    where: `POST ${spec.operations.getChildFileViewToken.path}`,
    variant: label,
  });
}

/** The refusals of the Bearer sentence: no header, an unknown token, and the real token under no or another scheme. */
export function planRefusals(planner: Planner): void {
  const token = planner.accessToken;
  const refusals: [string, Headers][] = [
    ['no Authorization header', {}],
    ['an unknown bearer token', { Authorization: `Bearer ${randomBytes(16).toString('hex')}` }],
    ['"Bearer" and no token', { Authorization: 'Bearer' }],
    ['the Access Token without a scheme', { Authorization: token }],
    ['the Access Token under the Basic scheme', { Authorization: `Basic ${token}` }],
    ['the Access Token under the Token scheme', { Authorization: `Token ${token}` }],
    ['Basic credentials', { Authorization: `Basic ${Buffer.from('user:password').toString('base64')}` }],
  ];
  for (const [label, headers] of refusals) onBoth(planner, 'auth', label, { headers });
}

/**
 * Near-misses of the exact credential, as a sloppy comparison accepts them (prefix, suffix,
 * substring, a fixed-length or case-insensitive compare, trimming, splitting on spaces, the last
 * of two headers). A well-formed one must be answered 401; a malformed one refused (400 allowed).
 */
export function planNearMisses(planner: Planner): void {
  const token = planner.accessToken;
  const last = token.slice(-1) === 'x' ? 'y' : 'x';
  const altered: [string, string][] = [
    ['the Access Token without its last character', token.slice(0, -1)],
    ['the Access Token without its first character', token.slice(1)],
    ['the Access Token with a character appended', `${token}x`],
    ['the Access Token with a character put in front', `x${token}`],
    ['the Access Token with its last character changed', `${token.slice(0, -1)}${last}`],
    ['the Access Token in other letter case', swapCase(token)],
  ];
  for (const [label, credential] of altered) {
    if (credential === '' || credential === token) continue;
    onBoth(planner, B64TOKEN.test(credential) ? 'near-miss' : 'near-miss-malformed', label, {
      headers: { Authorization: `Bearer ${credential}` },
    });
  }
  const malformed: [string, Headers][] = [
    ['the Access Token, a space and another word', { Authorization: `Bearer ${token} x` }],
    ['another word, a space and the Access Token', { Authorization: `Bearer x ${token}` }],
    ['the Access Token and a no-break space (U+00A0)', { Authorization: `Bearer ${token}\u00a0` }],
    [
      'two Authorization headers, the Access Token in the second',
      { Authorization: [`Bearer ${randomBytes(16).toString('hex')}`, `Bearer ${token}`] },
    ],
  ];
  for (const [label, headers] of malformed) onBoth(planner, 'near-miss-malformed', label, { headers });
}

const SHOWN_TOKEN = '<access token>';
const PLACES = ['access_token', 'accessToken', 'token'];

/** The Access Token anywhere but the Authorization header: RFC 6750's query and body forms, cookies, other headers. */
export function planMisplaced(planner: Planner): void {
  const places: [string, (token: string) => Placement][] = [
    [
      'the Access Token in the query (access_token, accessToken, token)',
      (token) => ({
        headers: {},
        query: PLACES.map((name) => `${name}=${token === SHOWN_TOKEN ? token : encodeURIComponent(token)}`).join('&'),
      }),
    ],
    [
      'the Access Token in a cookie (access_token, accessToken, token)',
      (token) => ({ headers: { Cookie: PLACES.map((name) => `${name}=${token}`).join('; ') } }),
    ],
    [
      'the Access Token in other headers (X-Access-Token, X-Auth-Token, Access-Token)',
      (token) => ({ headers: { 'X-Access-Token': token, 'X-Auth-Token': token, 'Access-Token': token } }),
    ],
  ];
  for (const [label, place] of places)
    onBoth(planner, 'misplaced', label, place(planner.accessToken), place(SHOWN_TOKEN));
  const { childIds, spec, post, add } = planner;
  if (!childIds) return;
  const label = 'the Access Token in the JSON body (access_token, accessToken, token)';
  const withBody = (token: string): ProbeRequest => ({
    ...post(childIds, {}),
    body: JSON.stringify(Object.fromEntries(PLACES.map((name) => [name, token]))),
  });
  add({
    id: `POST with ${label}`,
    operation: 'getChildFileViewToken',
    intent: 'misplaced',
    request: { ...withBody(planner.accessToken), shown: withBody(SHOWN_TOKEN) },
    where: `POST ${spec.operations.getChildFileViewToken.path}`,
    variant: label,
  });
}

/**
 * Other forms of each route that servers and proxies are known to alias to it (a trailing slash,
 * another letter case, `//`, `./`, a percent-encoded letter, Spring's `.json` suffix and `;`
 * parameters, GET on the POST route), each without valid credentials: none may issue a token.
 */
export function planAliases(planner: Planner): void {
  const {
    first: [name, value],
    childIds,
    spec,
    get,
    post,
    add,
  } = planner;
  const credentials: [string, Headers][] = [
    ['no Authorization header', {}],
    ['an unknown bearer token', { Authorization: `Bearer ${randomBytes(16).toString('hex')}` }],
  ];
  const viewPath = spec.operations.getViewToken.path;
  const childPath = spec.operations.getChildFileViewToken.path;
  for (const [form, path] of routeForms(viewPath)) {
    for (const [label, headers] of credentials) {
      const request = { ...get(`?${name}=${value}`, headers), path: `${path}?${name}=${value}` };
      add({
        id: `GET ${path} with ${label}`,
        operation: 'getViewToken',
        intent: 'alias',
        request,
        where: `GET ${viewPath}`,
        variant: `${form}, ${label}`,
      });
    }
  }
  if (!childIds) return;
  const filled = post(childIds).path;
  const forms: [string, string, 'GET' | 'POST'][] = [
    ...routeForms(filled).map(([form, path]) => [form, path, 'POST'] as [string, string, 'POST']),
    ['the GET method', filled, 'GET'],
  ];
  for (const [form, path, method] of forms) {
    for (const [label, headers] of credentials) {
      const request: ProbeRequest = method === 'GET' ? { method, path, headers } : { ...post(childIds, headers), path };
      add({
        id: `${method} ${path} with ${label}`,
        operation: 'getChildFileViewToken',
        intent: 'alias',
        request,
        where: `POST ${childPath}`,
        variant: `${form}, ${label}`,
      });
    }
  }
}

/** The forms of a path a lenient router or proxy may serve as the path itself. */
function routeForms(path: string): [string, string][] {
  const cut = path.lastIndexOf('/');
  const [head, tail] = [path.slice(0, cut), path.slice(cut + 1)];
  const letter = tail.search(/[A-Za-z]/);
  const forms: [string, string][] = [
    ['a trailing slash', `${path}/`],
    ['upper case', path.toUpperCase()],
    ['lower case', path.toLowerCase()],
    ['capitalised segments', path.replace(/\/([a-z])/g, (_whole, first: string) => `/${first.toUpperCase()}`)],
    ['a doubled slash', `${head}//${tail}`],
    ['a dot segment', `${head}/./${tail}`],
    [
      'a percent-encoded letter',
      letter === -1
        ? path
        : `${head}/${tail.slice(0, letter)}%${tail.charCodeAt(letter).toString(16)}${tail.slice(letter + 1)}`,
    ],
    ['a .json suffix', `${path}.json`],
    ['a ;parameter', `${path};x`],
  ];
  const seen = new Set([path]);
  return forms.filter(([, form]) => !seen.has(form) && seen.add(form));
}

/**
 * What can only be asked once the first answers are in: a View Token the run was issued,
 * presented as the Access Token on both operations.
 */
export function planFollowUps(
  options: ContractOptions,
  spec: ContractSpec,
  results: readonly { probe: Probe; exchange: Exchange }[],
): Probe[] {
  const token = results
    .filter(({ probe }) => probe.intent === 'success' || probe.intent === 'repeat')
    .map(({ exchange }) => viewTokenOf(exchange))
    .find((candidate) => candidate !== undefined);
  if (token === undefined || !HEADER_VALUE.test(token)) return [];
  const probes: Probe[] = [];
  onBoth(createPlanner(options, spec, probes), 'view-token-as-access', 'a View Token it issued as the Access Token', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return probes;
}

function swapCase(text: string): string {
  return [...text].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
}
