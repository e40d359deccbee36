import type { Browser, Page } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import type { RedisServer } from '../support/redis-server';
import { startRedisServer } from '../support/redis-server';

// The dashboard on a Redis that goes away and comes back empty, as a tester at 1024 and 1280 px sees it:
// an outage says so above tables kept as they were (dimmed, dated), never as an empty store; the store
// that came back without its data is a warning beside the fresh, empty tables.
jest.setTimeout(90_000);

let browser: Browser;
let redis: RedisServer | undefined;
let mock: MockServer | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await mock?.close();
  await redis?.stop();
});
afterAll(() => browser.close());

/** The banner's text once it contains `text` (the page polls once a second; no fixed sleep). */
async function bannerSaying(page: Page, text: string): Promise<string> {
  const banner = page.locator('#store-state');
  await banner.filter({ hasText: text }).waitFor({ timeout: 30_000 });
  return (await banner.textContent()) ?? '';
}

/** The colour the page paints at the middle of an element's left edge padding (its background). */
async function backgroundAt(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
}

test.each([1024, 1280])(
  'at %i px a Redis outage is shown as an outage over the last tables, and a Redis back without data as a warning',
  async (width) => {
    redis = await startRedisServer({ appendonly: false });
    mock = await createMockServer({
      store: 'redis',
      redisUrl: redis.url,
      redisPrefix: `ui-${width}:`,
      logLevel: 'silent',
    });
    const baseUrl = await mock.listen(0, '127.0.0.1');
    const issued = await fetch(`${baseUrl}/view/token?fileId=10001`, { headers: { Authorization: 'Bearer qa' } });
    expect(issued.status).toBe(200);
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/__admin/ui`);
    await page.locator('#tokens-body td[data-label="State"]').first().waitFor();
    expect(await page.locator('#store-state').isVisible()).toBe(false);
    expect(await page.locator('main').getAttribute('data-stale')).toBeNull();

    await redis.kill();
    const outage = await bannerSaying(page, 'Store unavailable');
    expect(outage).toMatch(
      /^Store unavailable: Redis is unavailable .+\. The mock answers 503 until it is back\. The tables below show what it held at \d\d:\d\d:\d\d UTC and are not refreshed until it answers; retrying every second\.$/,
    );
    // The token is still listed (what the store held), dimmed: not an empty store.
    expect(await page.locator('#tokens-body td[data-label="State"]').count()).toBe(1);
    expect(await page.locator('main').getAttribute('data-stale')).toBe('');
    expect(await page.locator('#tokens').evaluate((panel) => getComputedStyle(panel).opacity)).toBe('0.5');
    expect(await backgroundAt(page, '#store-state')).toBe('rgb(255, 235, 233)');
    const box = await page.locator('#store-state').boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await screenshot(page, `dashboard-outage-${width}`);

    await redis.restart();
    const degraded = await bannerSaying(page, 'degraded');
    expect(degraded).toMatch(
      new RegExp(
        `^The mock is degraded: Redis came back without this mock's data at \\S+ \\(its marker key \\{ui-${width}:\\}marker was gone\\): every session's View Tokens, rules, clocks and journal from before are lost\\. Run Redis with persistence \\(appendonly yes\\) to keep them through a restart\\.$`,
      ),
    );
    await page.locator('main:not([data-stale])').waitFor();
    expect(await page.locator('#tokens-body').textContent()).toBe(
      'No View Tokens yet: issue one from the Try page or with curl (see the catalog below).',
    );
    expect(await backgroundAt(page, '#store-state')).toBe('rgb(255, 248, 197)');
    expect(errors).toEqual([]);
    await page.close();
  },
);

test('a mock the page cannot reach at all says so, not "store unavailable", over the tables it last read', async () => {
  mock = await createMockServer({ logLevel: 'silent' });
  const baseUrl = await mock.listen(0, '127.0.0.1');
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
  await page.goto(`${baseUrl}/__admin/ui`);
  await page.locator('#tokens-body td.empty').waitFor();
  await mock.close();
  mock = undefined;
  expect(await bannerSaying(page, 'Cannot reach')).toMatch(
    /^Cannot reach the mock's admin API \(Failed to fetch\)\. The tables below show what it held at \d\d:\d\d:\d\d UTC and are not refreshed until it answers; retrying every second\.$/,
  );
  expect(await page.locator('main').getAttribute('data-stale')).toBe('');
  await page.close();
});
