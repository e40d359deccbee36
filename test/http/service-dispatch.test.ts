import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { createServiceDispatch } from '../../mock/http/service-routes';
import { loadSpecEngine } from '../../mock/spec-engine/spec-engine';
import { BEARER, MOCK_SPEC, aMock, useMockSpec } from '../support/mock-app';

beforeAll(useMockSpec);

test.each([
  ['GET', '/view/token?fileId=1', true],
  ['GET', '/api/view/token?fileId=1', false],
  ['POST', '/data/v2/integrations/2/files/3/viewToken', true],
  ['GET', '/data/v2/integrations/2/files/3/viewToken', true],
  ['GET', '/inside/databag?viewToken=x', true],
  ['POST', '/oauth2/token', true],
  ['GET', '/view/token/?fileId=1', false],
  ['GET', '/View/Token?fileId=1', false],
  ['HEAD', '/view/token?fileId=1', false],
  ['GET', '/data/v2/integrations/%E0%A4%A/files/3/viewToken', false],
  ['GET', '/__admin/health', false],
])('the hot-path dispatcher takes %s %s: %s (the rest goes on to the Express routers)', async (method, url, taken) => {
  const mock = await aMock();
  const dispatch = createServiceDispatch({ core: mock.core, engine: await loadSpecEngine(MOCK_SPEC), basePath: '' });
  const next = jest.fn();
  const res = { statusCode: 0, setHeader: jest.fn(), end: jest.fn(), status: jest.fn(), req: {} } as unknown as Response;
  dispatch({ method, url, headers: { authorization: 'Bearer x' }, socket: {} } as unknown as Request, res, next as NextFunction);
  await new Promise((resolve) => setImmediate(resolve));
  expect(next).toHaveBeenCalledTimes(taken ? 0 : 1);
  expect((res.end as jest.Mock).mock.calls.length).toBe(taken ? 1 : 0);
});

test.each(['/view/token/?fileId=1', '/VIEW/token?fileId=1'])('%s, left to the router, gets the same answer as the exact path', async (url) => {
  const { app } = await aMock({ seed: 4 });
  const res = await request(app).get(url).set(BEARER);
  expect(res.status).toBe(200);
  expect(res.body.data).toMatch(/^[0-9a-f]{32}$/);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
});

test('under --base-path the dispatcher takes the prefixed routes only', async () => {
  const { app } = await aMock({ basePath: '/api' });
  expect((await request(app).get('/api/view/token?fileId=1').set(BEARER)).status).toBe(200);
  expect((await request(app).get('/view/token?fileId=1').set(BEARER)).status).toBe(404);
  expect((await request(app).get('/apiview/token?fileId=1').set(BEARER)).status).toBe(404);
});
