import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import { countPixels, logLines } from '../support/viewer-pages';

// The whole viewer under MSW on the app's own origin (`createHandlers({ baseUrl: location.origin,
// viewerThree })`): test/examples/browser/viewer-origin-app.ts bundled as an app's build would bundle
// it (three.js a chunk of its own), served by the app's server, which also has its own API and
// script. MSW answers the mock's paths; everything else reaches the app's server.
jest.setTimeout(90_000);

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLES = path.join(ROOT, 'test/examples/browser');
const THREE_MODULE = path.join(ROOT, 'dist/mock/viewer/thirdparty-source.mjs');
const site = mkdtempSync(path.join(tmpdir(), 'vtm-msw-origin-'));
const reachedServer: string[] = [];
let server: Server;
let origin: string;
let browser: Browser;

/** The app's own answers, beside its built files. */
const OWN: Record<string, [type: string, body: string]> = {
  '/': ['text/html', readFileSync(path.join(EXAMPLES, 'viewer-origin.html'), 'utf8')],
  '/api/todos': ['application/json', JSON.stringify({ todos: ['a', 'b'] })],
  '/own-script.js': ['text/javascript', "document.getElementById('log').textContent += 'own script\\n';"],
};

beforeAll(async () => {
  buildSync({
    entryPoints: [path.join(EXAMPLES, 'viewer-origin-app.ts')],
    outdir: site,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    logLevel: 'error',
    // The package's own export, as an app's bundler resolves `view-token-mock/msw/viewer-three`.
    alias: { 'view-token-mock/msw/viewer-three': THREE_MODULE },
  });
  copyFileSync(path.join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'), path.join(site, 'mockServiceWorker.js'));
  server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    reachedServer.push(pathname);
    const own = OWN[pathname];
    if (own !== undefined) return void res.writeHead(200, { 'Content-Type': own[0] }).end(own[1]);
    const file = path.join(site, path.basename(pathname));
    if (!pathname.endsWith('.js') || !readdirSync(site).includes(path.basename(pathname)))
      return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(site, { recursive: true, force: true });
});

test("the app keeps its own API and script on its origin while MSW serves the viewer, three.js and the model's data: the building is drawn, a click's properties come back", async () => {
  const page = await browser.newPage({ viewport: { width: 820, height: 600 } });
  page.setDefaultTimeout(30_000);
  const errors = collectPageErrors(page);
  await page.goto(origin);
  await page.locator('#log', { hasText: 'ViewAdded 3DView' }).waitFor();
  // The picture needs three.js: drawn only when thirdparty.js came from viewerThree.
  await page.waitForFunction(() => (window as unknown as { VtmThree?: unknown }).VtmThree !== undefined);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const pixels = await countPixels(page, 'canvas.vtm-standin-canvas', '#1f2430');
  expect(pixels.drawn).toBeGreaterThan(pixels.total * 0.15);
  const box = await page.locator('canvas.vtm-standin-canvas').boundingBox();
  if (box === null) throw new Error('no canvas');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('#log', { hasText: /^property \d+$/m }).waitFor();
  await screenshot(page, 'viewer-msw-origin');
  const lines = await logLines(page);
  expect(lines.slice(0, 3)).toEqual(['own api a,b', 'own script', 'ViewAdded 3DView']);
  // The app's server saw its own files only: the mock's paths (token, loader, SDK, three.js, data) were MSW's.
  const chunks = readdirSync(site).filter((name) => name.startsWith('chunk-') || name.startsWith('thirdparty-source'));
  expect(chunks.length).toBeGreaterThan(0);
  const own = new Set(['/', '/viewer-origin-app.js', '/mockServiceWorker.js', '/api/todos', '/own-script.js']);
  const others = reachedServer.filter((pathname) => !own.has(pathname) && pathname !== '/favicon.ico');
  expect(others.every((pathname) => chunks.includes(pathname.slice(1)))).toBe(true);
  expect(others.length).toBeGreaterThan(0);
  // three.js is a chunk of its own, loaded on the stand-in's first request for thirdparty.js.
  const threeChunk = others.find((pathname) => statSync(path.join(site, pathname.slice(1))).size > 500_000);
  expect(threeChunk).toBeDefined();
  const text = (file: string): string => readFileSync(path.join(site, file), 'utf8');
  expect(text((threeChunk as string).slice(1))).toContain('three.js (MIT, https://threejs.org)');
  expect(text('viewer-origin-app.js')).not.toContain('three.js (MIT, https://threejs.org)');
  expect(errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
  await page.close();
});
