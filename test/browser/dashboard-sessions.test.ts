import type { Browser, Page } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium } from '../support/browser';

// Real Chromium: the dashboard's Sessions table says who holds what, and a session's name shows it.
jest.setTimeout(60_000);

let browser: Browser;
let mock: MockServer;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchChromium();
  mock = await createMockServer({ seed: 5, logLevel: 'silent' });
  baseUrl = await mock.listen(0, '127.0.0.1');
  const asAnna = { Authorization: 'Bearer qa', 'X-Mock-Session': 'qa-anna' };
  expect((await fetch(`${baseUrl}/view/token?fileId=1`, { headers: asAnna })).status).toBe(200);
  await mock.clock.advance('2h', 'qa-anna');
  await mock.clock.freeze('qa-anna');
  await mock.scenarios.addAll([{ then: { code: 401 }, after: 3 }, { then: { code: 403 } }], 'qa-ben');
});
afterAll(async () => {
  await mock.close();
  await browser.close();
});

const column = (page: Page, label: string): Promise<string[]> =>
  page.locator(`#sessions-body td[data-label="${label}"]`).allTextContents();

test.each([1024, 1280])(
  'at %i px the Sessions table lists every session with its tokens, rules, clock and last request, all columns in view',
  async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/__admin/ui`);
    await page.locator('#sessions-body tr').nth(2).waitFor();
    expect(await page.locator('#sessions-count').textContent()).toBe('3');
    expect({
      session: await column(page, 'Session'),
      tokens: await column(page, 'View Tokens'),
      rules: await column(page, 'Rules'),
      clock: await column(page, 'Clock'),
      last: await column(page, 'Last request'),
    }).toEqual({
      session: ['(deployment)', 'qa-anna', 'qa-ben'],
      tokens: ['0', '1', '0'],
      rules: ['0', '0', '2'],
      clock: ["deployment's (real time)", 'own: +02:00:00, frozen', "deployment's (real time)"],
      last: ['—', '#1', '—'],
    });
    // Every column inside the viewport: no sideways scroll hides one.
    const right = await page
      .locator('#sessions thead th')
      .last()
      .evaluate((th) => th.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(width);
    await page.click('#sessions-body button:text-is("qa-ben")');
    expect(await page.inputValue('#session-filter')).toBe('qa-ben');
    await page.locator('#rules-count:text-is("2")').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  },
);
