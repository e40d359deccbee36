import request from 'supertest';
import type { Response } from 'supertest';
import type { MockServer } from '../../mock/server';
import { aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

const APP = { appKey: 'my-app', appSecret: 's3cret' };
const BASIC = `Basic ${Buffer.from(`${APP.appKey}:${APP.appSecret}`).toString('base64')}`;
const CONFIG = { applications: [APP], forbidden: { fileId: ['403'] }, missing: { fileId: ['404'] } };

interface World {
  mock: MockServer;
  accessToken: string;
  viewToken: string;
}

async function aWorld(): Promise<World> {
  const mock = await aMock({ config: CONFIG });
  const accessToken = (await request(mock.app).post('/oauth2/token').set('Authorization', BASIC)).body.data
    .token as string;
  const viewToken = (await request(mock.app).get('/view/token?fileId=1').set('Authorization', `Bearer ${accessToken}`))
    .body.data as string;
  return { mock, accessToken, viewToken };
}

type Send = (world: World, prefer?: string) => Promise<Response>;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const withPrefer = (prefer: string | undefined) => (prefer ? { Prefer: prefer } : {});
const getFile =
  (fileId: string, auth?: (w: World) => Record<string, string>): Send =>
  (w, prefer) =>
    request(w.mock.app)
      .get(`/view/token?fileId=${fileId}`)
      .set({ ...(auth ? auth(w) : bearer(w.accessToken)), ...withPrefer(prefer) });
const grant =
  (authorization: string): Send =>
  (w, prefer) =>
    request(w.mock.app)
      .post('/oauth2/token')
      .set({ Authorization: authorization, ...withPrefer(prefer) });
const viewerData =
  (token?: string): Send =>
  (w, prefer) =>
    request(w.mock.app)
      .get(`/inside/databag?viewToken=${token ?? w.viewToken}`)
      .set(withPrefer(prefer));
const later =
  (ms: number, send: Send): Send =>
  (w, prefer) => {
    w.mock.clock.advance(ms);
    return send(w, prefer);
  };

test.each<[string, string, Send, Send]>([
  ['getViewToken', 'access-token-missing', getFile('1'), getFile('1', () => ({}))],
  ['getViewToken', 'access-token-invalid', getFile('1'), getFile('1', () => bearer('not-a-granted-token'))],
  ['getViewToken', 'access-token-expired', getFile('1'), later(7 * 86_400_000 + 1, getFile('1'))],
  ['getViewToken', 'forbidden', getFile('1'), getFile('403')],
  ['getViewToken', 'not-found', getFile('1'), getFile('404')],
  [
    'issueAccessToken',
    'access-token-invalid',
    grant(BASIC),
    grant(`Basic ${Buffer.from('my-app:wrong').toString('base64')}`),
  ],
  ['issueAccessToken', 'access-token-missing', grant(BASIC), (w) => request(w.mock.app).post('/oauth2/token')],
  ['getViewerData', 'access-token-invalid', viewerData(), viewerData('0123456789abcdef0123456789abcdef')],
  ['getViewerData', 'access-token-expired', viewerData(), later(12 * 3_600_000, viewerData())],
])(
  '%s: Prefer scenario=%s answers exactly what the mock answers when it really happens',
  async (_operation, scenario, forcedRequest, realRequest) => {
    const world = await aWorld();
    const forced = await forcedRequest(world, `scenario=${scenario}`);
    const real = await realRequest(world);
    expect(forced).toSatisfyApiSpec();
    expect(real).toSatisfyApiSpec();
    expect([forced.status, forced.body, forced.headers['www-authenticate']]).toEqual([
      real.status,
      real.body,
      real.headers['www-authenticate'],
    ]);
    expect(forced.headers['preference-applied']).toBe(`scenario=${scenario}`);
  },
);
