import fc from 'fast-check';
import { parse as parseQuery } from 'node:querystring';
import { hostileBody } from './hostile-bodies';
import type { SpecRoute } from './spec-routes';
import { SPEC_ROUTES, toQueryString } from './spec-routes';
import {
  authorizationHeader,
  contentTypeHeader,
  hostileSegment,
  hostileText,
  int64ish,
  preferHeader,
  sessionHeader,
  switchPair,
  toHeaderValue,
  toRawPiece,
  viewTokenish,
  XSS_MARKERS,
} from './hostile-values';

/** One request as it goes on the wire (the target is raw: nothing re-encodes or normalises it). */
export interface HostileRequest {
  method: string;
  /** Path and query exactly as sent; may hold ISSUED_TOKEN. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  /** The operation the generator aimed at ('unknown' for made-up paths); the checks use the server's routing, not this. */
  aim: string;
}

export type MockKind = 'open' | 'closed';

/** A short session against one mock: a few requests, then the harness checks health and resets. */
export interface Scenario {
  mock: MockKind;
  steps: HostileRequest[];
}

// Methods llhttp parses (an unknown method or CONNECT never reaches the app: Node answers or closes itself).
const OTHER_METHODS = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'M-SEARCH',
  'PURGE',
  'REPORT',
  'MKCOL',
  'LOCK',
  'SEARCH',
];
const ID_PARAMETERS = [
  'fileId',
  'integrateId',
  'compareId',
  'sceneId',
  'submodelId',
  'clashDetectiveId',
  'moduleDataId',
];

const PATH_VALUES: Record<string, fc.Arbitrary<string>> = {
  integrateId: int64ish,
  fileId: int64ish,
  token: viewTokenish,
  id: fc.constantFrom('r1', 'r2', 'r0', 'r-1', 'catalog'),
  file: fc.constantFrom(
    'dashboard.js',
    'try.js',
    'dashboard.css',
    'favicon.svg',
    'index.html',
    'index.ts',
    '__proto__',
    'constructor',
    '..%2F..%2Fpackage.json',
    '%2e%2e',
  ),
};

const pathValue = (name: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: 3, arbitrary: PATH_VALUES[name] ?? hostileSegment }, { weight: 2, arbitrary: hostileSegment });

/** Mangles a path: repeated slashes, dot segments, a trailing slash, an extra or NUL-ended segment. */
const mangle = (path: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(path) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${path}/`,
        `/${path}`,
        `${path}%00`,
        `${path}/..`,
        `${path}/.`,
        path.replace(/\//g, '//'),
        `/x/..${path}`,
        `${path};a=b`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileSegment, fc.nat()).map(([segment, at]) => {
        const parts = path.split('/');
        parts.splice(1 + (at % parts.length), 0, segment);
        return parts.join('/');
      }),
    },
  );

const queryValue = fc.oneof(
  { weight: 3, arbitrary: int64ish },
  { weight: 2, arbitrary: viewTokenish },
  { weight: 3, arbitrary: hostileSegment },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 6_000 }).map((length) => '9'.repeat(length)) },
);

function queryString(route: SpecRoute | undefined): fc.Arbitrary<string> {
  const known = [
    ...(route?.queryParams ?? []),
    ...(route && !route.admin ? ID_PARAMETERS : []),
    'viewToken',
    'session',
    'limit',
  ];
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...known) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'a[b]',
        'a[]',
        'fileId[]',
        'viewToken[x]',
        '',
        '%ZZ',
        '%00',
        encodeURIComponent(XSS_MARKERS[0]),
      ),
    },
    { weight: 1, arbitrary: hostileText.map(toRawPiece) },
  );
  const entry = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, queryValue).map(([name, value]) => `${name}=${value}`) },
    { weight: 2, arbitrary: switchPair.map(([name, value]) => `__${name}=${encodeURIComponent(value)}`) },
    { weight: 1, arbitrary: key },
  );
  const many = fc
    .integer({ min: 50, max: 400 })
    .map((count) => Array.from({ length: count }, (_, index) => `k${index}=${index}`).join('&'));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(entry, { minLength: 1, maxLength: 6 }).map((entries) => entries.join('&')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(entry, { maxLength: 3 }), many)
        .map(([entries, rest]) => [...entries, rest].join('&')),
    },
    { weight: 1, arbitrary: fc.constantFrom('&', '&&&', '=', '==&=', '?', 'fileId=1&fileId=1', 'fileId=1&sceneId=1') },
  );
}

function headers(): fc.Arbitrary<Record<string, string>> {
  const optional = (arbitrary: fc.Arbitrary<string>, presentOneIn: number) =>
    fc.oneof({ weight: presentOneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arbitrary });
  return fc
    .record({
      Authorization: optional(authorizationHeader, 2),
      Prefer: optional(preferHeader, 4),
      'X-Mock-Session': optional(sessionHeader, 4),
      'Content-Encoding': optional(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'zz', 'gzip, gzip'), 25),
      Origin: optional(fc.constantFrom('http://localhost:5173', 'null', XSS_MARKERS[1]), 15),
      'Access-Control-Request-Method': optional(fc.constantFrom('GET', 'POST', 'FOO'), 20),
      Accept: optional(fc.constantFrom('text/html', '*/*', 'application/problem+json', 'x/y;q=oops'), 10),
      Host: optional(fc.constantFrom('evil.example', 'evil.example:1', XSS_MARKERS[0], '[::1]:x'), 20),
      Cookie: optional(hostileText.map(toHeaderValue), 20),
    })
    .map((all) =>
      Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    );
}

function method(route: SpecRoute | undefined): fc.Arbitrary<string> {
  return route === undefined
    ? fc.constantFrom(...OTHER_METHODS)
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      );
}

function withToString(request: HostileRequest): HostileRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => toCurl(request) });
}

/** A body and its Content-Type: mostly JSON when there is a body (so the parser and the handlers see it), sometimes junk, sometimes none. */
function bodyAndType(route: SpecRoute | undefined): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const body = hostileBody(route?.operationId, route?.takesBody ?? false);
  return body.chain((text) =>
    text === undefined
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: contentTypeHeader.map((contentType) => ({ contentType })) },
        )
      : fc.oneof(
          { weight: 6, arbitrary: fc.constant({ body: text, contentType: 'application/json' }) },
          { weight: 3, arbitrary: contentTypeHeader.map((contentType) => ({ body: text, contentType })) },
          { weight: 1, arbitrary: fc.constant({ body: text }) },
        ),
  );
}

function toRequest(
  aim: string,
  parts: {
    method: string;
    path: string;
    query: string;
    headers: Record<string, string>;
    payload: { body?: string; contentType?: string };
  },
): HostileRequest {
  const { body, contentType } = parts.payload;
  return withToString({
    method: parts.method,
    target: parts.query ? `${parts.path}?${parts.query}` : parts.path,
    headers: contentType === undefined ? parts.headers : { ...parts.headers, 'Content-Type': contentType },
    ...(body === undefined ? {} : { body }),
    aim,
  });
}

function requestTo(route: SpecRoute): fc.Arbitrary<HostileRequest> {
  const values = route.pathParams.map((name) => pathValue(name));
  const path = fc
    .tuple(...values)
    .map((filled) => {
      let index = 0;
      return route.template.replace(/\{[^}]+\}/g, () => filled[index++] ?? '');
    })
    .chain(mangle);
  return fc
    .record({ method: method(route), path, query: queryString(route), headers: headers(), payload: bodyAndType(route) })
    .map((parts) => toRequest(route.operationId, parts));
}

const unknownPath = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '/',
      '/__admin',
      '/__admin/',
      '/__admin/try',
      '/__admin/ui/nope',
      '/__admin/ui/assets',
      '/__admin/ui/assets/',
      '/view',
      '/view/token/x',
      '/data/v2/integrations/1/files/2',
      '/data/v2/integrations//files//viewToken',
      '/oauth2',
      '/inside',
      '/inside/databag/x',
      '/favicon.ico',
      '/__adminx',
      '*',
    ),
  },
  {
    weight: 3,
    arbitrary: fc.array(hostileSegment, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...SPEC_ROUTES.map((route) => route.template))
      .map((template) => `http://evil.example${template.replace(/\{[^}]+\}/g, '1')}`),
  },
);

const unknownRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    method: method(undefined),
    path: unknownPath,
    query: queryString(undefined),
    headers: headers(),
    payload: bodyAndType(undefined),
  })
  .map((parts) => toRequest('unknown', parts));

/** One request at any route of the spec (service routes weigh more) or at a made-up path. */
const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .oneof(
    // Service routes and the admin operations that read a body are where hostile input goes deepest; the
    // other admin routes weigh 5, not 2: at 2, 3 seeds in 200 generated no request to one of them (44 routes).
    ...SPEC_ROUTES.map((route) => ({ weight: !route.admin || route.takesBody ? 8 : 5, arbitrary: requestTo(route) })),
    { weight: 10, arbitrary: unknownRequest },
  )
  .filter((request) => !asksForLongDelay(request));

export const hostileScenario: fc.Arbitrary<Scenario> = fc.record({
  mock: fc.constantFrom<MockKind>('open', 'closed'),
  steps: fc.array(hostileRequest, { minLength: 1, maxLength: 3 }),
});

/** Delays above this would make runs slow; the generators avoid them and this guard drops any that slips through. */
const LONGEST_DELAY_MS = 50;

function asksForLongDelay(request: HostileRequest): boolean {
  const candidates: unknown[] = [];
  for (const part of (request.headers.Prefer ?? '').split(/[,;]/)) {
    const [name = '', ...value] = part.split('=');
    if (name.trim().toLowerCase() === 'delay')
      candidates.push(
        value
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  candidates.push(parseQuery(toQueryString(request.target)).__delay);
  if (request.body?.includes('delay')) {
    try {
      candidates.push((JSON.parse(request.body) as { then?: { delay?: unknown } } | null)?.then?.delay);
    } catch {
      /* not JSON: no rule */
    }
  }
  // Only strings and numbers can be a delay (String() of a deeply nested array would overflow the stack).
  return candidates.some(
    (value) =>
      (typeof value === 'string' || typeof value === 'number') &&
      /^\d{1,6}$/.test(String(value).trim()) &&
      Number(String(value).trim()) > LONGEST_DELAY_MS,
  );
}

const shorten = (text: string): string => (text.length > 300 ? `${text.slice(0, 200)}…(${text.length} chars)` : text);
const quote = (text: string): string => `'${shorten(text).replace(/'/g, "'\\''")}'`;

/** A curl line that sends the same request (long values shortened for the report). */
export function toCurl(
  request: Pick<HostileRequest, 'method' | 'target' | 'headers' | 'body'>,
  base = 'http://127.0.0.1:4010',
): string {
  const url = request.target.startsWith('/')
    ? quote(`${base}${request.target}`)
    : `${quote(base)} --request-target ${quote(request.target)}`;
  const parts = [`curl -i --path-as-is -X ${request.method} ${url}`];
  for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  if (request.body !== undefined) parts.push(`--data-binary ${quote(request.body)}`);
  return parts.join(' ');
}
