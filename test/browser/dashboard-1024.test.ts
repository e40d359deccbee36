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
  // A second token, whose use a rule answered "expired": the longest outcome a rule forces on the databag.
  const issued = await fetch(`${baseUrl}/view/token?fileId=9223372036854775806`, { headers });
  const { data: forcedToken } = (await issued.json()) as { data: string };
  const rule = await fetch(`${baseUrl}/__admin/scenarios`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Mock-Session': headers['X-Mock-Session'] },
    body: JSON.stringify({ when: { operation: 'getViewerData' }, then: { scenario: 'access-token-expired' } }),
  });
  expect(rule.status).toBe(201);
  expect((await fetch(`${baseUrl}/inside/databag?viewToken=${forcedToken}`)).status).toBe(401);
});
afterAll(async () => {
  await mock.close();
  await browser.close();
});

test.each([1024, 1280])(
  'at %i px the View Token table has no sideways scroll: Expires, State (with a forced outcome under it) and Revoke are in view',
  async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/__admin/ui`);
    await page.locator('#tokens-body .forced').waitFor();
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
      .locator('#tokens-body td[data-label="Issued"]')
      .first()
      .locator('.nowrap')
      .evaluateAll((spans) => spans.map((span) => [span.textContent, span.getClientRects().length]));
    expect(pieces).toEqual([
      [expect.stringMatching(/^\d{4}-\d\d-\d\d$/), 1],
      [expect.stringMatching(/^\d\d:\d\d:\d\d$/), 1],
    ]);
    const revoke = await page.locator('#tokens-body button:text-is("Revoke")').first().boundingBox();
    expect(revoke !== null && revoke.x + revoke.width <= width).toBe(true);
    // The forced token: its real state and, under it, the forced outcome and the rule, inside its State cell and the page.
    const forcedRow = page.locator('#tokens-body tr', { has: page.locator('.forced') });
    expect(await forcedRow.count()).toBe(1);
    expect(await forcedRow.locator('td[data-label="State"] .badge.good').textContent()).toBe('valid');
    const forced = forcedRow.locator('.forced');
    expect(await forced.textContent()).toBe('forced scenario=access-token-expired r1');
    expect(await forced.isVisible()).toBe(true);
    const [stateBox, forcedBox] = await Promise.all([
      forcedRow.locator('td[data-label="State"]').boundingBox(),
      forced.boundingBox(),
    ]);
    expect(stateBox !== null && forcedBox !== null).toBe(true);
    if (stateBox === null || forcedBox === null) return;
    expect(forcedBox.x).toBeGreaterThanOrEqual(stateBox.x);
    expect(forcedBox.x + forcedBox.width).toBeLessThanOrEqual(Math.min(stateBox.x + stateBox.width, width));
    expect(forcedBox.y + forcedBox.height).toBeLessThanOrEqual(stateBox.y + stateBox.height);
    // The "forced" badge is one line, as tall as the state's: a narrow column never breaks it inside the word.
    const lines = await forced
      .locator('.badge')
      .evaluate((badge) => badge.getBoundingClientRect().height / parseFloat(getComputedStyle(badge).lineHeight));
    expect(lines).toBeLessThan(1.5);
    expect(errors).toEqual([]);
    await page.close();
  },
);
