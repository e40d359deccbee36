import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';

// The browser half of the MSW example: test/examples/browser/app.ts bundled for the browser, served
// by a static server that knows only three files, opened in Chromium. Every View Token request is
// answered by MSW's service worker running view-token-mock's handlers.
jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const site = mkdtempSync(path.join(tmpdir(), 'vtm-msw-page-'));
const FILES: Record<string, [file: string, type: string]> = {
  '/': [path.join(__dirname, 'browser/index.html'), 'text/html'],
  '/app.js': [path.join(site, 'app.js'), 'text/javascript'],
  '/mockServiceWorker.js': [path.join(site, 'mockServiceWorker.js'), 'text/javascript'],
  '/viewer.html': [path.join(__dirname, 'browser/viewer.html'), 'text/html'],
  '/viewer-app.js': [path.join(site, 'viewer-app.js'), 'text/javascript'],
};
const reachedServer: string[] = [];
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  for (const name of ['app', 'viewer-app']) {
    buildSync({
      entryPoints: [path.join(__dirname, `browser/${name}.ts`)],
      outfile: path.join(site, `${name}.js`),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      platform: 'browser',
      logLevel: 'error',
    });
  }
  copyFileSync(path.join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), path.join(site, 'mockServiceWorker.js'));
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    reachedServer.push(pathname);
    const file = FILES[pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(site, { recursive: true, force: true });
});

test('a page on setupWorker gets a View Token, shows its expiry, and after +12 h opens the model with a new token', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(10_000);
  const errors = collectPageErrors(page);
  await page.goto(origin);
  await page.locator('#open:enabled').waitFor();

  await page.click('#open');
  await page.locator('#token-requests', { hasText: '1' }).waitFor();
  const firstToken = await page.textContent('#token');
  const firstExpiry = await page.textContent('#expires');
  expect(firstToken).toMatch(/^[0-9a-f]{32}$/);
  // The mock's clock runs in real time: the expiry is 12 h after the use, a few ms before the page read the clock.
  const left = Date.parse(firstExpiry ?? '') - Date.parse((await page.textContent('#clock')) ?? '');
  expect(left).toBeLessThanOrEqual(12 * 3_600_000);
  expect(left).toBeGreaterThan(12 * 3_600_000 - 5_000);

  await page.click('#advance');
  await page.click('#open');
  await page.locator('#token-requests', { hasText: '2' }).waitFor();
  const clock = Date.parse((await page.textContent('#clock')) ?? '');
  expect(await page.textContent('#token')).not.toBe(firstToken);
  expect(Date.parse((await page.textContent('#expires')) ?? '')).toBeGreaterThanOrEqual(clock + 12 * 3_600_000 - 1000);
  expect(await page.textContent('#model')).toMatch(/\((bimView|drawingView)\)$/);
  await screenshot(page, 'msw-example-page');

  expect(reachedServer.filter((pathname) => !(pathname in FILES) && pathname !== '/favicon.ico')).toEqual([]);
  expect(errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
});

test('a viewer page on setupWorker loads the loader and the viewer SDK stand-in from MSW and opens the model', async () => {
  const page = await browser.newPage();
  page.setDefaultTimeout(15_000);
  const errors = collectPageErrors(page);
  await page.goto(`${origin}/viewer.html`);
  await page.locator('#log', { hasText: 'ViewAdded 3DView' }).waitFor();
  expect(await page.locator('.vtm-standin-name').innerText()).toBe('model-10001.rvt');
  expect(await page.locator('.vtm-standin-object').innerText()).toBe('file 10001 · bimView · Bimface@3.6.36-standin');
  await screenshot(page, 'msw-viewer-page');
  // Every script and style sheet of the viewer came from MSW: the page's server saw only its own files.
  expect(reachedServer.filter((pathname) => !(pathname in FILES) && pathname !== '/favicon.ico')).toEqual([]);
  expect(errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
});
