// `npm run bench:viewer`: how long the viewer stand-in takes to show the default building in headless
// Chromium (WebGL on SwiftShader, as in CI): from navigation to ViewAdded, which fires once the first
// frame is drawn; the stand-in files' sizes. Prints figures (with the machine's load); nothing passes or
// fails on them. `-- --images DIR` also writes the viewer guide's screenshots there (the building, a
// colour override, a marker), made by the real stand-in.
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { createMockServer } from '../mock/server';
import { writeBuildingGlb } from '../mock/viewer/model/glb-writer';
import { generateBuilding } from '../mock/viewer/model/generate-building';
import { STAND_IN_SOURCES } from '../mock/viewer/generated/stand-in-files';
import { median } from './medians';

const ROOT = path.resolve(__dirname, '..', '..');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 7;
const IMAGES = process.argv.includes('--images') ? process.argv[process.argv.indexOf('--images') + 1] : undefined;

/** A 3.6.x sample page (the test suite's), on its own origin. */
function servePage(): Promise<{ origin: string; close: () => void }> {
  const page = readFileSync(path.join(ROOT, 'test/browser/viewer-pages/sample-36.html'), 'utf8');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (!url.pathname.endsWith('.html')) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(page.replaceAll('{{mock}}', url.searchParams.get('mock') ?? ''));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

async function main(): Promise<void> {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const mock = await createMockServer({ logLevel: 'silent' });
  const base = await mock.listen(0, '127.0.0.1');
  const site = await servePage();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
  const building = generateBuilding('10001');
  const box = encodeURIComponent(JSON.stringify(building.boundingBox));
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const token = (await (
      await fetch(`${base}/view/token?fileId=10001`, { headers: { Authorization: 'Bearer bench' } })
    ).json()) as { data: string };
    const page = await browser.newPage({ viewport: { width: 820, height: 600 } });
    await page.goto(
      `${site.origin}/sample-36.html?mock=${encodeURIComponent(base)}&viewToken=${token.data}&box=${box}`,
    );
    await page.locator('#log').getByText('ViewAdded').waitFor({ timeout: 60_000 });
    const ms = await page.evaluate(() => performance.now());
    // The first run warms the browser's caches (as a developer's second page load): not counted.
    if (run > 0) times.push(ms);
    if (IMAGES !== undefined && run === RUNS) await writeImages(page, IMAGES);
    await page.close();
  }
  await browser.close();
  site.close();
  await mock.close();
  const thirdparty = statSync(path.join(ROOT, 'dist/mock/viewer/thirdparty.js')).size;
  const kB = (bytes: number): string => `${(bytes / 1024).toFixed(0)} kB`;
  console.log(`load average before the run: ${load} (2 cores)`);
  console.log(
    `first frame of the default building (file 10001, ${building.elements.length} elements), navigation → ViewAdded, ${RUNS} runs:`,
  );
  console.log(
    `  median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
  console.log(
    `stand-in sizes: Application.js/Bimface.js ${kB(STAND_IN_SOURCES.standIn.length)}, thirdparty.js (three.js, minified) ${kB(thirdparty)}, loader ${kB(STAND_IN_SOURCES.loader.length)}, the building's GLB ${kB(writeBuildingGlb(building).length)}`,
  );
}

/** The viewer guide's screenshots: the building, a colour override, a marker (and a lead label). */
async function writeImages(page: Page, dir: string): Promise<void> {
  const view = page.locator('#view');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await view.screenshot({ path: path.join(dir, 'front-end-viewer-markers.png') });
  await page.evaluate(() => {
    const glodon = (
      window as unknown as { Glodon: { Web: { Graphics: { Color: new (...args: unknown[]) => unknown } } } }
    ).Glodon;
    const viewer = (window as unknown as { viewer3D: Record<string, (...args: unknown[]) => unknown> }).viewer3D;
    (window as unknown as { drawableContainer: { hideAllItems(): void } }).drawableContainer.hideAllItems();
    (window as unknown as { markerContainer: { hideAllItems(): void } }).markerContainer.hideAllItems();
    viewer.overrideComponentsColorByObjectData?.(
      [{ categoryId: '-2000014', levelName: 'F3' }],
      new glodon.Web.Graphics.Color('#ff3b30', 1),
    );
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await view.screenshot({ path: path.join(dir, 'front-end-viewer-colour.png') });
  await page.evaluate(() =>
    (
      window as unknown as { viewer3D: { clearOverrideColorComponents(): void } }
    ).viewer3D.clearOverrideColorComponents(),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await view.screenshot({ path: path.join(dir, 'front-end-viewer-3d.png') });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
