import request from 'supertest';
import type * as EditDistance from '../../mock/core/edit-distance';
import { editDistance } from '../../mock/core/edit-distance';
import type { MockServer } from '../../mock/server';
import { BEARER, aMock, useMockSpec } from '../support/mock-app';

// Every comparison a hint makes is recorded: long input is shown to reach no edit distance (what
// reaches one is capped), not timed.
jest.mock('../../mock/core/edit-distance', () => {
  const actual = jest.requireActual<typeof EditDistance>('../../mock/core/edit-distance');
  return { editDistance: jest.fn(actual.editDistance) };
});
const compared = jest.mocked(editDistance);

let mock: MockServer;
beforeAll(async () => {
  useMockSpec();
  mock = await aMock();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const LONG = 'x'.repeat(15_500);
const ECHOED = `${'x'.repeat(40)}…`;
const FAULTS =
  "use connection-reset, empty-response, malformed-json, random-data-then-close, or WireMock's CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE";
const service = (prefer: string) => () =>
  request(mock.app).get('/view/token?fileId=1').set(BEARER).set('Prefer', prefer);
const aRule = (rule: object) => () => request(mock.app).post('/__admin/scenarios').send(rule);

test.each([
  [
    'Prefer: fault=<15,500 characters>',
    service(`fault=${LONG}`),
    `fault=${ECHOED} is not a fault (${FAULTS}) (operation getViewToken)`,
  ],
  [
    'Prefer: scenario=<15,500 characters>',
    service(`scenario=${LONG}`),
    `scenario=${ECHOED} is not one this operation can answer (operation getViewToken)`,
  ],
  [
    'Prefer: code=<15,500 characters>',
    service(`code=${LONG}`),
    `code=${ECHOED} is not a status this operation documents (operation getViewToken)`,
  ],
  [
    'Prefer: delay=<15,500 characters>',
    service(`delay=${LONG}`),
    `delay=${ECHOED} must be milliseconds from 0 to 60000 (operation getViewToken)`,
  ],
  [
    'a rule whose fault is 15,500 characters',
    aRule({ then: { fault: LONG } }),
    `fault=${ECHOED} is not a fault (${FAULTS}) (operation any service operation)`,
  ],
  [
    'a rule whose condition is named by 15,500 characters',
    aRule({ when: { [LONG]: '1' }, then: { code: 503 } }),
    `"when.${ECHOED}" is not a condition; use operation, param, equals, accessToken`,
  ],
])('%s: a 422 quoting 40 characters of it, no hint, and no edit distance', async (_label, send, detail) => {
  compared.mockClear();
  const res = await send();
  expect(res.status).toBe(422);
  expect(res.body.detail).toBe(detail);
  expect(res.body.nearest).toBeUndefined();
  expect(res).toSatisfyApiSpec();
  expect(compared).not.toHaveBeenCalled();
});

test.each([
  ['an unknown __ switch of 7,000 characters', 422, `/view/token?fileId=1&__${LONG.slice(0, 7_000)}=1`],
  ['a query parameter of 7,000 characters', 400, `/view/token?${LONG.slice(0, 7_000)}=1`],
  ['GET / then 8,180 slashes then x', 404, `/${'/'.repeat(8_180)}x`],
  ['an admin path of 8,000 characters', 404, `/__admin/${LONG.slice(0, 8_000)}`],
])('%s: answered %i without any edit distance', async (_label, status, path) => {
  compared.mockClear();
  const res = await request(mock.app).get(path).set(BEARER);
  expect(res.status).toBe(status);
  expect(compared).not.toHaveBeenCalled();
});

test('an admin body field of 15,500 characters is a 400 with no edit distance', async () => {
  compared.mockClear();
  const res = await request(mock.app)
    .put('/__admin/clock')
    .send({ [LONG]: 1 });
  expect(res.status).toBe(400);
  expect(res).toSatisfyApiSpec();
  expect(compared).not.toHaveBeenCalled();
});

test('near input still gets its hint: what reaches the edit distance is as long as the names, no longer', async () => {
  compared.mockClear();
  const res = await service('fault=conection-reset')();
  expect(res.status).toBe(422);
  expect(res.body.nearest).toEqual({ fault: 'connection-reset' });
  expect(compared).toHaveBeenCalled();
  for (const [given, name] of compared.mock.calls) {
    expect(given).toBe('conection-reset');
    expect(name.length).toBeLessThanOrEqual(25);
  }
});
