import type { Browser, Page } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium } from '../support/browser';

// Real Chromium: the journal view pages through the journal and filters it (matched or not, path, status).
jest.setTimeout(60_000);

let browser: Browser;
let mock: MockServer;
let baseUrl: string;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await launchChromium();
  mock = await createMockServer({ seed: 5, logLevel: 'silent' });
  baseUrl = await mock.listen(0, '127.0.0.1');
  const auth = { Authorization: 'Bearer qa' };
  // 105 requests: 100 token requests, 3 refused (no Authorization), 2 that match no route; the newest last.
  for (let i = 1; i <= 100; i += 1) await fetch(`${baseUrl}/view/token?fileId=${i}`, { headers: auth });
  for (let i = 0; i < 3; i += 1) await fetch(`${baseUrl}/view/token?fileId=7`);
  await fetch(`${baseUrl}/view/tokn?fileId=1`, { headers: auth });
  await fetch(`${baseUrl}/no/such/route`, { headers: auth });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/__admin/ui`);
});
afterAll(async () => {
  await mock.close();
  await browser.close();
});

const column = (label: string): Promise<string[]> =>
  page.locator(`#journal-body td[data-label="${label}"]`).allTextContents();
const rowsAre = (count: number) =>
  page.waitForFunction((n) => document.querySelectorAll('#journal-body tr').length === n, count);

test('the newest 100 requests are page 1; Older shows the 5 before them, Newer comes back', async () => {
  await rowsAre(100);
  expect([await page.textContent('#journal-page'), await page.isDisabled('#journal-newer')]).toEqual(['page 1', true]);
  await page.click('#journal-older');
  await rowsAre(5);
  expect(await column('Request')).toEqual([
    '/view/token?fileId=5',
    '/view/token?fileId=4',
    '/view/token?fileId=3',
    '/view/token?fileId=2',
    '/view/token?fileId=1',
  ]);
  expect([await page.textContent('#journal-page'), await page.isDisabled('#journal-older')]).toEqual(['page 2', true]);
  await page.click('#journal-newer');
  await rowsAre(100);
  expect((await column('Request'))[0]).toBe('/no/such/route');
});

test.each<[string, { kind?: string; path?: string; status?: string }, string[], string[]]>([
  [
    'unmatched only (asked of the server)',
    { kind: 'unmatched' },
    ['/no/such/route', '/view/tokn?fileId=1'],
    ['404', '404'],
  ],
  [
    'status 4xx among matched requests',
    { kind: 'matched', status: '4xx' },
    ['/view/token?fileId=7', '/view/token?fileId=7', '/view/token?fileId=7'],
    ['401', '401', '401'],
  ],
  ['a path that contains "tokn"', { path: 'tokn' }, ['/view/tokn?fileId=1'], ['404']],
])('the filter %s keeps exactly those rows', async (_label, filters, requests, statuses) => {
  await page.selectOption('#journal-kind', filters.kind ?? 'all');
  await page.fill('#journal-path', filters.path ?? '');
  await page.selectOption('#journal-status', filters.status ?? '');
  await rowsAre(requests.length);
  expect([await column('Request'), await column('Status')]).toEqual([requests, statuses]);
  expect(errors).toEqual([]);
});
