import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { CHROMIUM } from '../support/browser';

// A developer's Chromium visits a hostile page while the mock runs: that page may neither read the
// View Tokens nor drive the admin API, from another port (another origin) or by DNS rebinding.
jest.setTimeout(60_000);

/** What the hostile page tries; each attempt reports what it could read, or the error. */
const ATTACKS = `async (mock) => {
  const attempt = async (run) => { try { return await run(); } catch (error) { return 'blocked: ' + error.name; } };
  const text = async (response) => response.status + ' ' + (await response.text());
  return {
    readTokens: await attempt(async () => text(await fetch(mock + '/__admin/view-tokens'))),
    readHealth: await attempt(async () => text(await fetch(mock + '/__admin/health'))),
    resetTextPlain: await attempt(async () => (await fetch(mock + '/__admin/reset', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).type),
    resetBodiless: await attempt(async () => (await fetch(mock + '/__admin/reset', { method: 'POST', mode: 'no-cors' })).type),
    addRule: await attempt(async () => (await fetch(mock + '/__admin/scenarios', { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ then: { code: 503 } }) })).type),
    moveClock: await attempt(async () => text(await fetch(mock + '/__admin/clock', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }) }))),
  };
}`;

/**
 * The same attacks through other spellings of the admin paths: other letter case and a trailing
 * slash must never reach an admin handler (the page reads nothing, changes nothing).
 */
const SPELLED_ATTACKS = `async (mock) => {
  const attempt = async (run) => { try { return await run(); } catch (error) { return 'blocked: ' + error.name; } };
  const text = async (response) => response.status + ' ' + (await response.text());
  const post = (path, body) => fetch(mock + path, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) });
  return {
    readTokensUpper: await attempt(async () => text(await fetch(mock + '/__ADMIN/view-tokens'))),
    readTokensMixed: await attempt(async () => text(await fetch(mock + '/__Admin/view-tokens'))),
    readTokensSlash: await attempt(async () => text(await fetch(mock + '/__admin/view-tokens/'))),
    addRuleUpper: await attempt(async () => text(await fetch(mock + '/__ADMIN/scenarios', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ then: { code: 503 } }) }))),
    addRuleSlashNoCors: await attempt(async () => (await post('/__admin/scenarios/', { then: { code: 503 } })).type),
    moveClockUpper: await attempt(async () => text(await fetch(mock + '/__ADMIN/clock', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }) }))),
    advanceClockUpper: await attempt(async () => text(await fetch(mock + '/__ADMIN/clock/advance', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ by: '12h' }) }))),
    resetUpperNoCors: await attempt(async () => (await post('/__ADMIN/reset', {})).type),
  };
}`;

let browser: Browser;
let mock: MockServer;
let mockUrl: string;
let attacker: Server;
let attackerUrl: string;

beforeAll(async () => {
  // evil.test resolves to the mock's loopback address: a DNS rebinding attack's second answer.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--host-resolver-rules=MAP evil.test 127.0.0.1',
    ],
  });
  mock = await createMockServer({ seed: 3, logLevel: 'silent' });
  mockUrl = await mock.listen(0, '127.0.0.1');
  attacker = createServer((_req, res) =>
    res.setHeader('Content-Type', 'text/html').end('<!doctype html><title>hostile</title>'),
  );
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser.close();
  await mock.close();
  await new Promise((resolve) => attacker.close(resolve));
});

async function issueAToken(): Promise<string> {
  const response = await fetch(`${mockUrl}/view/token?fileId=7`, { headers: { Authorization: 'Bearer at' } });
  return ((await response.json()) as { data: string }).data;
}

async function expectNothingChanged(token: string): Promise<void> {
  expect((await mock.core.viewTokens.peek(token))?.token).toBe(token);
  expect(await mock.scenarios.list()).toEqual([]);
  expect(await mock.clock.get()).toMatchObject({ offsetMs: 0, frozen: false });
}

test('a page on another port of 127.0.0.1 can neither read the View Tokens nor reset, add a rule or move the clock', async () => {
  const token = await issueAToken();
  const page = await browser.newPage();
  await page.goto(`${attackerUrl}/`);
  const results = await page.evaluate(`(${ATTACKS})(${JSON.stringify(mockUrl)})`);
  expect(results).toEqual({
    readTokens: 'blocked: TypeError',
    readHealth: 'blocked: TypeError',
    // An opaque answer tells the page nothing; the mock refused these (the state below is unchanged).
    resetTextPlain: 'opaque',
    resetBodiless: 'opaque',
    addRule: 'opaque',
    moveClock: 'blocked: TypeError',
  });
  await expectNothingChanged(token);
  await page.close();
});

test('a page on another port cannot reach the admin API through capitalised or trailing-slash paths either', async () => {
  const token = await issueAToken();
  const page = await browser.newPage();
  await page.goto(`${attackerUrl}/`);
  const results = (await page.evaluate(`(${SPELLED_ATTACKS})(${JSON.stringify(mockUrl)})`)) as Record<string, string>;
  const notFound = (method: string, path: string, hint: string): string =>
    `404 ${JSON.stringify({ code: 'route.not.found', data: null, message: `No route ${method} ${path}; did you mean ${hint}?` })}`;
  expect(results).toEqual({
    // Capitalised: no admin route at all, a 404 in the service envelope (readable: it holds nothing).
    readTokensUpper: notFound('GET', '/__ADMIN/view-tokens', 'GET /__admin/view-tokens'),
    readTokensMixed: notFound('GET', '/__Admin/view-tokens', 'GET /__admin/view-tokens'),
    // A trailing slash is still under /__admin: refused without CORS headers, unreadable.
    readTokensSlash: 'blocked: TypeError',
    addRuleUpper: notFound('POST', '/__ADMIN/scenarios', 'POST /__admin/scenarios'),
    addRuleSlashNoCors: 'opaque',
    moveClockUpper: notFound('PUT', '/__ADMIN/clock', 'PUT /__admin/clock'),
    advanceClockUpper: notFound('POST', '/__ADMIN/clock/advance', 'POST /__admin/clock/advance'),
    resetUpperNoCors: 'opaque',
  });
  expect(JSON.stringify(results)).not.toContain(token);
  await expectNothingChanged(token);
  await page.close();
});

test('a DNS-rebound page (evil.test resolving to 127.0.0.1, same origin as far as Chromium knows) is refused by Host', async () => {
  const token = await issueAToken();
  const page = await browser.newPage();
  const port = new URL(mockUrl).port;
  const evilOrigin = `http://evil.test:${port}`;
  // After the rebinding, the attacker's origin is served by the mock's socket (here a 404 page:
  // the script the attacker's first answer planted runs there as page.evaluate does).
  await page.goto(`${evilOrigin}/attack`);
  const results = await page.evaluate(`(${ATTACKS})(${JSON.stringify(evilOrigin)})`);
  const refused = (detail: string): string =>
    `403 ${JSON.stringify({ type: 'urn:view-token-mock:problem:forbidden', title: 'The admin API does not answer this host or origin', status: 403, detail })}`;
  const hostDetail = `Host "evil.test:${port}" may not reach the admin API: use a loopback name, the bound host, or start the mock with --allowed-hosts evil.test.`;
  expect(results).toEqual({
    readTokens: refused(hostDetail),
    readHealth: refused(hostDetail),
    resetTextPlain: 'basic',
    resetBodiless: 'basic',
    addRule: 'basic',
    moveClock: refused(hostDetail),
  });
  await expectNothingChanged(token);
  // The service routes stay open to any host.
  expect(
    await page.evaluate(
      `fetch('/view/token?fileId=8', { headers: { Authorization: 'Bearer at' } }).then((r) => r.status)`,
    ),
  ).toBe(200);
  await page.close();
});

test("the mock's own dashboard still reads and changes the admin API same-origin", async () => {
  await issueAToken();
  const page = await browser.newPage();
  await page.goto(`${mockUrl}/__admin/ui`);
  const answers = await page.evaluate(`(async () => {
    const tokens = await fetch('/__admin/view-tokens').then((r) => r.status);
    const clock = await fetch('/__admin/clock/advance', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"by":"1h"}' }).then((r) => r.status);
    const reset = await fetch('/__admin/reset', { method: 'POST' }).then((r) => r.status);
    return { tokens, clock, reset };
  })()`);
  expect(answers).toEqual({ tokens: 200, clock: 200, reset: 204 });
  expect(await mock.clock.get()).toMatchObject({ offsetMs: 0, frozen: false });
  await page.close();
});
