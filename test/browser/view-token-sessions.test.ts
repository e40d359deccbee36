import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium } from '../support/browser';

// A tester's page on a shared mock: the platform's loader and the viewer stand-in send no
// X-Mock-Session, yet every call that carries her View Token lands in the session the token was
// issued in. Alice's rule on getViewerData fires for her page, her journal lists what her page asked,
// and the global session sees none of it. The page is the platform's jQuery sample (page type A).
jest.setTimeout(90_000);

const PAGE = path.join(__dirname, 'viewer-pages', 'app-3d.html');
let browser: Browser;
let mock: MockServer;
let mockUrl: string;
let site: Server;
let siteOrigin: string;

beforeAll(async () => {
  mock = await createMockServer({ seed: 42, logLevel: 'silent' });
  site = createServer((_req, res) =>
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(readFileSync(PAGE, 'utf8').replaceAll('{{mock}}', mockUrl)),
  );
  [mockUrl, browser] = await Promise.all([mock.listen(0), launchChromium()]);
  siteOrigin = await new Promise((resolve) =>
    site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)),
  );
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await mock?.close();
});

async function admin(method: string, route: string, session?: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (session !== undefined) headers['X-Mock-Session'] = session;
  const res = await fetch(`${mockUrl}${route}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.status === 204 ? undefined : res.json();
}

/** A View Token as Alice's back end gets it: asked in her session. */
async function viewTokenIn(session: string, fileId: string): Promise<string> {
  const res = await fetch(`${mockUrl}/view/token?fileId=${fileId}`, {
    headers: { Authorization: 'Bearer back-end', 'X-Mock-Session': session },
  });
  return ((await res.json()) as { data: string }).data;
}

async function openPage(token: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
  page.setDefaultTimeout(20_000);
  const errors = collectPageErrors(page);
  await page.goto(`${siteOrigin}/app-3d.html?viewToken=${token}`);
  return { page, errors };
}

interface Entry {
  operationId: string;
  status: number;
  outcome: string | null;
  session: string;
  query: Record<string, string>;
}
const journalOf = async (session: string): Promise<Entry[]> =>
  ((await admin('GET', `/__admin/requests?session=${encodeURIComponent(session)}`)) as { requests: Entry[] }).requests;

test("Alice's page, loading a model with a token issued in her session: her rule fires for it, her journal shows its calls, the global session's does not", async () => {
  const token = await viewTokenIn('alice', '10001');
  const rule = (await admin('POST', '/__admin/scenarios', 'alice', {
    when: { operation: 'getViewerData' },
    then: { scenario: 'access-token-expired' },
    times: 1,
  })) as { id: string };
  // First load: the loader's /inside/databag meets her rule, and the page hears the platform's refusal.
  const first = await openPage(token);
  await first.page.locator('#log').getByText('loader failure').waitFor();
  expect(await first.page.locator('#log').innerText()).toBe(
    'loader failure: 401 authentication.failed: View token has expired.',
  );
  await first.page.close();
  // The rule is used up: the second load shows the model; the page then asks for the floors (a data route).
  const second = await openPage(token);
  await second.page.locator('#log').getByText('ViewAdded').waitFor();
  const floors = await second.page.evaluate(
    () =>
      new Promise<number>((resolve, reject) =>
        (
          window as unknown as { viewer3D: { getFloors(ok: (f: unknown[]) => void, no: (e: unknown) => void): void } }
        ).viewer3D.getFloors((list) => resolve(list.length), reject),
      ),
  );
  expect(floors).toBeGreaterThan(0);
  expect(second.errors).toEqual([]);
  await second.page.close();

  const short = `${token.slice(0, 6)}…`;
  const alices = (await journalOf('alice')).map((entry) => [entry.operationId, entry.status, entry.outcome]);
  expect(alices).toEqual([
    ['getFileFloors', 200, null],
    ['getViewerData', 200, null],
    ['getViewerData', 200, null],
    ['getViewerData', 401, `scenario=access-token-expired (rule ${rule.id})`],
    ['getViewToken', 200, null],
  ]);
  // Every call of hers carried her token (shortened in the journal); none of them is in the global session.
  const global = await journalOf('');
  expect(global.filter((entry) => Object.values(entry.query).includes(short))).toEqual([]);
  expect(global.map((entry) => entry.operationId)).not.toContain('getViewerData');
});

test("a page with a token of the global session is not touched by Alice's rule", async () => {
  await admin('POST', '/__admin/scenarios', 'alice', { when: { operation: 'getViewerData' }, then: { code: 503 } });
  const token = await viewTokenIn('', '10002');
  const { page, errors } = await openPage(token);
  await page.locator('#log').getByText('ViewAdded').waitFor();
  expect(await page.locator('#log').innerText()).toBe(
    'loader success: 3DView model-10002.rvt\nViewAdded; bottom toolbars: 1',
  );
  expect(errors).toEqual([]);
  await page.close();
});
