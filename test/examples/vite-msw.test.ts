import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import { countPixels } from '../support/viewer-pages';

// docs/guides/msw.md's viewer section as a Vite app (test/examples/vite-msw/, copied to a temp folder
// so the test can edit a module): under `vite` (the real CLI) with VITE_MOCK_VIEWER=on, the viewer
// runs under MSW on the dev server's origin while the app keeps its own API and hot reload; `vite
// build` without the flag ships neither the mock nor three.js, with it three.js is a chunk of its own.
jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const app = mkdtempSync(path.join(tmpdir(), 'vtm-vite-msw-'));
const env = (flag: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NO_COLOR: '1',
  VTM_ROOT: ROOT,
  VTM_VITE_CACHE: path.join(app, '.vite-cache'),
  VITE_MOCK_VIEWER: flag,
});
let vite: ChildProcessWithoutNullStreams;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  cpSync(path.join(__dirname, 'vite-msw'), app, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir');
  vite = spawn(process.execPath, [VITE, '--port', '0', '--host', '127.0.0.1', '--strictPort=false'], {
    cwd: app,
    env: env('on'),
  });
  let output = '';
  baseUrl = await new Promise((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const local = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (local?.[1]) resolve(local[1]);
    };
    vite.stdout.on('data', read);
    vite.stderr.on('data', read);
    vite.once('exit', (code) => reject(new Error(`vite exited ${code} before listening:\n${output}`)));
  });
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  const exited = new Promise((resolve) => vite.once('exit', resolve));
  vite.kill('SIGTERM');
  await exited;
  rmSync(app, { recursive: true, force: true });
});

test("under vite with the flag on: the viewer draws the building under MSW, the app's own API answers, and an edit is hot-reloaded in place", async () => {
  const page = await browser.newPage({ viewport: { width: 820, height: 600 } });
  page.setDefaultTimeout(60_000);
  const errors = collectPageErrors(page);
  await page.goto(baseUrl);
  await page.locator('#log', { hasText: 'ViewAdded 3DView' }).waitFor();
  await page.locator('#log', { hasText: 'own api a,b' }).waitFor();
  await page.waitForFunction(() => (window as unknown as { VtmThree?: unknown }).VtmThree !== undefined);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  const pixels = await countPixels(page, 'canvas.vtm-standin-canvas', '#1f2430');
  expect(pixels.drawn).toBeGreaterThan(pixels.total * 0.15);
  expect(await page.locator('#greeting').innerText()).toBe('Hello from the app');
  await screenshot(page, 'viewer-vite-msw');
  // Hot reload: the module is swapped in the running page (no reload: the page's own mark stays).
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  writeFileSync(path.join(app, 'src/greeting.js'), "export const greeting = 'Hello again';\n");
  await page.locator('#greeting', { hasText: 'Hello again' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  expect(errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
  await page.close();
});

/** `vite build` into `out` with the flag as given; the built files' names and texts. */
function build(flag: string, out: string): Map<string, string> {
  const result = spawnSync(process.execPath, [VITE, 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: app,
    env: env(flag),
    encoding: 'utf8',
  });
  expect(result.status).toBe(0);
  const assets = path.join(out, 'assets');
  return new Map(readdirSync(assets).map((name) => [name, readFileSync(path.join(assets, name), 'utf8')]));
}

test('vite build without the flag ships neither the mock nor three.js; with it, three.js is a chunk of its own', () => {
  const THREE = 'three.js (MIT, https://threejs.org)';
  const without = build('', path.join(app, 'dist-off'));
  for (const [name, text] of without) {
    expect([name, text.includes('view-token-mock')]).toEqual([name, false]);
    expect([name, text.includes(THREE)]).toEqual([name, false]);
  }
  const withFlag = build('on', path.join(app, 'dist-on'));
  const threeChunks = [...withFlag].filter(([, text]) => text.includes(THREE)).map(([name]) => name);
  expect(threeChunks).toHaveLength(1);
  const entry = [...withFlag].find(([name]) => name.startsWith('index-') && name.endsWith('.js'));
  expect(entry?.[1].includes(THREE)).toBe(false);
  const size = (files: Map<string, string>): number =>
    [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  console.info(
    `vite build: without the flag ${size(without)} bytes of assets; with it ${size(withFlag)}, ` +
      `three.js's chunk ${Buffer.byteLength(withFlag.get(threeChunks[0] as string) ?? '')}`,
  );
});
