import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import fc from 'fast-check';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import type { MockServer } from '../../mock/server';
import express from 'express';
import { createMiddleware } from '../../mock/middleware';
import { createHandlers } from '../../mock/msw';
import { createRouteMatcher } from '../../mock/core/routing/match-route';
import { ROUTE_TABLE } from '../../mock/core/routing/route-table';
import { aMock } from '../support/mock-app';
import { isAdminPath } from './spec-routes';

// One request, four ways in: the mock's own listener (raw bytes on a socket, so absolute-form
// targets and dot segments arrive as written), `mock.app` alone in a server of its own and the
// middleware inside an Express app (also on raw sockets: supertest resolves `..` and re-encodes
// before sending), and the MSW handlers with a base URL (through fetch, which normalises the URL as
// every browser and Node client does: MSW is held to what the listener answers for that same
// normalised URL). All must classify the request alike; the middleware hands to the app exactly
// what the listener answers 404 for a path no route has.
// fast-check picks the seed and prints it; ROUTE_PARITY_SEED=<seed> replays a run.
jest.setTimeout(60_000);

const SEED =
  process.env.ROUTE_PARITY_SEED === undefined
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.ROUTE_PARITY_SEED);
const NUM_RUNS = 200;

/** Paths the spec has (concrete), and a few it does not. */
const PATHS = [
  '/view/token?fileId=1',
  '/data/v2/integrations/2/files/3/viewToken',
  '/inside/databag?viewToken=0123456789abcdef0123456789abcdef',
  '/oauth2/token',
  '/__admin/health',
  '/__admin/view-tokens?session=a',
  '/__admin/view-tokens/abc',
  '/__admin/clock',
  '/__admin/scenarios/catalog',
  '/__admin/requests/unmatched',
  '/__admin/ui',
  '/__admin/ui/assets/favicon.svg',
  '/__admin',
  '/__adminx',
  '/elsewhere',
];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'];

/** One way of spelling a path that a lenient router would take for it. */
type Variant = (path: string, at: number) => string;
const at = (path: string, index: number): number =>
  index % Math.max(1, path.indexOf('?') < 0 ? path.length : path.indexOf('?'));
const VARIANTS: Record<string, Variant> = {
  'as is': (path) => path,
  'letter case': (path, index) => {
    const i = at(path, index);
    const character = path[i] ?? '';
    const flipped = character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase();
    return `${path.slice(0, i)}${flipped}${path.slice(i + 1)}`;
  },
  'trailing slash': (path) => path.replace(/(\?|$)/, '/$1'),
  'doubled slash': (path, index) => replaceNthSlash(path, index, '//'),
  'dot segment': (path, index) => replaceNthSlash(path, index, index % 2 === 0 ? '/./' : '/x/../'),
  'percent-encoding': (path, index) => {
    const i = at(path, index);
    const character = path[i] ?? '';
    if (!/[A-Za-z0-9_-]/.test(character)) return path;
    return `${path.slice(0, i)}%${character.charCodeAt(0).toString(16).toUpperCase()}${path.slice(i + 1)}`;
  },
  'a ;parameter': (path, index) => {
    const end = path.indexOf('?') < 0 ? path.length : path.indexOf('?');
    const slash = path.indexOf('/', at(path, index) + 1);
    const i = slash < 0 || slash > end ? end : slash;
    return `${path.slice(0, i)};v=1${path.slice(i)}`;
  },
};

function replaceNthSlash(path: string, index: number, by: string): string {
  const end = path.indexOf('?') < 0 ? path.length : path.indexOf('?');
  const slashes = [...path.slice(0, end)].flatMap((character, i) => (character === '/' ? [i] : []));
  const i = slashes[index % slashes.length] ?? 0;
  return `${path.slice(0, i)}${by}${path.slice(i + 1)}`;
}

const aRequest = fc.record({
  method: fc.constantFrom(...METHODS),
  path: fc.constantFrom(...PATHS),
  variants: fc.array(fc.tuple(fc.constantFrom(...Object.keys(VARIANTS)), fc.nat(64)), { minLength: 0, maxLength: 2 }),
  absoluteForm: fc.boolean(),
});

interface Classified {
  status: number;
  kind: string;
}

/** What a client can tell an answer by: its status and, for errors, the envelope's code or the problem's type. */
function classify(status: number, contentType: string, body: string): Classified {
  let kind = contentType.split(';')[0] ?? '';
  if (status >= 400 && body !== '') {
    try {
      const parsed = JSON.parse(body) as { code?: string; type?: string };
      kind = parsed.type ?? parsed.code ?? kind;
    } catch {
      /* not JSON: its content type stands */
    }
  }
  return { status, kind };
}

/** Sends the request line exactly as written and reads the answer until the server closes. */
function sendRaw(port: number, method: string, target: string): Promise<Classified> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      resolve(classify(status, type, method === 'HEAD' ? '' : body));
    });
    socket.end(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer parity\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}

let listened: MockServer;
let listenerPort: number;
let appServer: Server;
let appPort: number;
let expressServer: Server;
let expressPort: number;
/** What the Express app answers for a request the middleware handed on. */
const HANDED_ON = 299;
let handedToTheApp = 0;
const passedThrough: string[] = [];
const msw = createHandlers({ seed: 3, baseUrl: 'http://127.0.0.1:1' });
const matchRoute = createRouteMatcher(ROUTE_TABLE, { basePath: '' });
let mswServer: ReturnType<typeof setupServer>;

beforeAll(async () => {
  listened = await aMock({ seed: 3 });
  listenerPort = Number(new URL(await listened.listen(0)).port);
  appServer = createServer((await aMock({ seed: 3 })).app);
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  appPort = (appServer.address() as AddressInfo).port;
  const inExpress = express()
    .use(createMiddleware({ seed: 3, logLevel: 'silent' }))
    .use((_req, res) => res.status(HANDED_ON).end());
  expressServer = createServer(inExpress);
  await new Promise<void>((resolve) => expressServer.listen(0, '127.0.0.1', resolve));
  expressPort = (expressServer.address() as AddressInfo).port;
  // MSW answers for the listener's own origin; what it leaves (the dashboard's pages) reaches the listener.
  const handlers = createHandlers({ core: msw.core, baseUrl: `http://127.0.0.1:${listenerPort}` }).handlers;
  // What our handler hands on is recorded here, then goes to the network (the listener). A predicate,
  // not '*': msw reads a '*' path with path-to-regexp, which throws on a malformed percent-encoding
  // (`/%%376iew/token`) and msw answers 500 where the network's listener says 404.
  const handedOn = http.all(
    () => true,
    ({ request }) => {
      passedThrough.push(`${request.method} ${new URL(request.url).pathname}`);
      return passthrough();
    },
  );
  mswServer = setupServer(...handlers, handedOn);
  mswServer.listen({ onUnhandledRequest: 'error' });
});

afterAll(async () => {
  mswServer.close();
  await listened.close();
  await new Promise((resolve) => appServer.close(resolve));
  await new Promise((resolve) => expressServer.close(resolve));
});

test('the listener, mock.app, the middleware in Express and the MSW handlers classify every spelling of every path alike', async () => {
  console.info(`route parity: seed ${SEED} (replay with ROUTE_PARITY_SEED=${SEED}), ${NUM_RUNS} runs`);
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(aRequest, async ({ method, path, variants, absoluteForm }) => {
      const spelled = variants.reduce((current, [name, index]) => (VARIANTS[name] as Variant)(current, index), path);
      const raw = absoluteForm ? `http://127.0.0.1:${listenerPort}${spelled}` : spelled;
      const listener = await sendRaw(listenerPort, method, raw);
      const app = await sendRaw(appPort, method, raw);
      expect({ request: `${method} ${raw}`, app }).toEqual({ request: `${method} ${raw}`, app: listener });
      const middleware = await sendRaw(expressPort, method, raw);
      if (middleware.status === HANDED_ON) handedToTheApp += 1;
      expect({ request: `${method} ${raw} (middleware)`, middleware }).toEqual({
        request: `${method} ${raw} (middleware)`,
        middleware: middleware.status === HANDED_ON && listener.status === 404 ? middleware : listener,
      });
      // What fetch puts on the wire for that spelling, to the listener and through MSW.
      const wire = new URL(`http://127.0.0.1:${listenerPort}${spelled}`);
      const onWire = await sendRaw(listenerPort, method, `${wire.pathname}${wire.search}`);
      const before = passedThrough.length;
      const response = await fetch(wire, { method, headers: { Authorization: 'Bearer parity' } });
      const viaMsw = classify(
        response.status,
        response.headers.get('content-type') ?? '',
        method === 'HEAD' ? '' : await response.text(),
      );
      expect({ request: `${method} ${wire.pathname}${wire.search} (MSW)`, viaMsw }).toEqual({
        request: `${method} ${wire.pathname}${wire.search} (MSW)`,
        viaMsw: onWire,
      });
      // MSW answers the admin API itself: it leaves only the dashboard's routes (its pages are files of
      // the server's build, which also decides whether an asset name exists) and the paths outside
      // /__admin near no route of ours (an app's own, on the origin it shares) to the network.
      if (passedThrough.length > before) {
        const match = matchRoute(method, `${wire.pathname}${wire.search}`);
        expect({
          passedThrough: passedThrough.at(-1),
          dashboardOrTheApps:
            (isAdminPath(wire.pathname) && wire.pathname.startsWith('/__admin/ui')) ||
            (match.kind === 'not-found' &&
              match.hint === undefined &&
              !isAdminPath(wire.pathname) &&
              listener.status === 404),
        }).toEqual({ passedThrough: passedThrough.at(-1), dashboardOrTheApps: true });
      }
      const label = `${listener.status}`;
      seen.set(label, (seen.get(label) ?? 0) + 1);
    }),
    { seed: SEED, numRuns: NUM_RUNS },
  );
  // The runs reached matched operations, 404s and 405s alike.
  expect([...seen.keys()].filter((status) => ['404', '405'].includes(status)).sort()).toEqual(['404', '405']);
  expect([...seen.keys()].some((status) => status.startsWith('2'))).toBe(true);
  // The middleware handed paths no route has to the app.
  expect(handedToTheApp).toBeGreaterThan(0);
  // And the dashboard's pages went on to the listener through MSW.
  expect(passedThrough.length).toBeGreaterThan(0);
});
