import type { Browser } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium } from '../support/browser';

// Real Chromium at the narrowest desktop width the issue names: the View Token table shows every column.
jest.setTimeout(60_000);

let browser: Browser;
let mock: MockServer;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchChromium();
  mock = await createMockServer({ seed: 5, logLevel: 'silent' });
  baseUrl = await mock.listen(0, '127.0.0.1');
  const headers = { Authorization: 'Bearer qa', 'X-Mock-Session': 'a-tester-with-a-long-session-name' };
  expect((await fetch(`${baseUrl}/view/token?integrateId=9223372036854775807`, { headers })).status).toBe(200);
});
afterAll(async () => {
  await mock.close();
  await browser.close();
});

test.each([1024, 1280])(
  'at %i px the View Token table has no sideways scroll: Expires, State and Revoke are in view',
  async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/__admin/ui`);
    await page.locator('#tokens-body tr td[data-label="State"]').waitFor();
    const wrap = page.locator('#tokens .table-wrap');
    const { scrollWidth, clientWidth } = await wrap.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const label of ['Expires at', 'Expires in', 'State']) {
      const box = await page.locator(`#tokens-body td[data-label="${label}"]`).first().boundingBox();
      expect(box !== null && box.x + box.width <= width).toBe(true);
    }
    // A time wraps between its date and its time of day, never inside either.
    const pieces = await page
      .locator('#tokens-body td[data-label="Issued"] .nowrap')
      .evaluateAll((spans) => spans.map((span) => [span.textContent, span.getClientRects().length]));
    expect(pieces).toEqual([
      [expect.stringMatching(/^\d{4}-\d\d-\d\d$/), 1],
      [expect.stringMatching(/^\d\d:\d\d:\d\d$/), 1],
    ]);
    const revoke = await page.locator('#tokens-body button:text-is("Revoke")').first().boundingBox();
    expect(revoke !== null && revoke.x + revoke.width <= width).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  },
);
