// docs/guides/testing-with-a-frozen-clock.md shows this file: "valid at 12 h − 1 ms, expired at 12 h",
// asserted with a frozen clock, through MSW (createHandlers) and through a server (createMockServer).
// In a project, import from 'view-token-mock/msw' and 'view-token-mock'.
import { setupServer } from 'msw/node';
import { MockClockError, createMockServer } from '../../mock/index';
import { createHandlers } from '../../mock/msw';

const TWELVE_HOURS = 12 * 3_600_000;
const AUTH = { Authorization: 'Bearer my-front-end-test' };

describe('with MSW (createHandlers)', () => {
  const { handlers, clock, tokens, reset } = createHandlers({ baseUrl: 'https://api.example.test' });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    await clock.set('2026-03-01T08:00:00Z', { frozen: true });
  });
  afterEach(async () => {
    await reset();
  });
  afterAll(() => server.close());

  const issue = async (): Promise<string> => {
    const res = await fetch('https://api.example.test/view/token?fileId=1', { headers: AUTH });
    return ((await res.json()) as { data: string }).data;
  };
  const use = (token: string) => fetch(`https://api.example.test/inside/databag?viewToken=${token}`);

  test('a fresh View Token is valid at 12 h − 1 ms and expired at 12 h', async () => {
    const token = await issue();
    await clock.advance(TWELVE_HOURS - 1);
    expect((await tokens.get(token))?.state).toBe('valid');
    await clock.advance(1);
    expect((await tokens.get(token))?.state).toBe('expired');
    const res = await use(token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'authentication.failed', data: null, message: 'View token has expired.' });
  });

  test('a use at 12 h − 1 ms slides the expiry: the answer says when it now expires', async () => {
    const token = await issue();
    await clock.advance(TWELVE_HOURS - 1);
    const res = await use(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-View-Token-Expires-At')).toBe('2026-03-02T07:59:59.999Z');
  });

  test('a bad duration throws, naming what is accepted', async () => {
    await expect(clock.advance('twelve hours')).rejects.toThrow(MockClockError);
  });
});

describe('with a server (createMockServer)', () => {
  test('the same assertion over HTTP: valid at 12 h − 1 ms, expired at 12 h', async () => {
    const mock = await createMockServer({ logLevel: 'silent' });
    const url = await mock.listen(0, '127.0.0.1');
    try {
      await mock.clock.set('2026-03-01T08:00:00Z', { frozen: true });
      const token = ((await (await fetch(`${url}/view/token?fileId=1`, { headers: AUTH })).json()) as { data: string })
        .data;
      await mock.clock.advance(TWELVE_HOURS - 1);
      expect((await fetch(`${url}/inside/databag?viewToken=${token}`)).status).toBe(200);
      // That use slid the expiry to 24 h − 1 ms: 12 h after it, it has just expired.
      await mock.clock.advance(TWELVE_HOURS);
      expect((await fetch(`${url}/inside/databag?viewToken=${token}`)).status).toBe(401);
    } finally {
      await mock.close();
    }
  });
});
