import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DrawingSheet } from '../../mock/viewer/model/drawing-types';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { PLAN_LAYERS } from '../../mock/viewer/model/plan-layers';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';
import { countColours } from '../support/viewer-pages';

// A front-end team's viewer pages, written the way the platform's public samples write them
// (test/browser/viewer-pages/), served from another origin and run in Chromium against a bare
// `view-token-mock` process and one whose config names a drawing. The mock is the loader's API and
// static host; the viewer is its stand-in. Screenshots go to test-output/viewer-*.png.
jest.setTimeout(90_000);

const PAGES = path.join(__dirname, 'viewer-pages');
const DRAWING_ID = '20002';
let browser: Browser;
let site: Server;
let siteOrigin: string;
let bare: RunningCli;
let withDrawing: RunningCli;
const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-viewer-'));

/** The sample pages, with the mock's URL put where the page names its hosts. */
function servePages(): Promise<string> {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const file = path.join(PAGES, path.basename(url.pathname));
    const mock = url.searchParams.get('mock') ?? '';
    if (!file.endsWith('.html') || !/^http:\/\/127\.0\.0\.1:\d+$/.test(mock)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(readFileSync(file, 'utf8').replaceAll('{{mock}}', mock));
  });
  return new Promise((resolve) =>
    site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  const config = path.join(scratch, 'drawing.config.json');
  writeFileSync(
    config,
    JSON.stringify({ objects: { fileId: { [DRAWING_ID]: { name: 'Level 1 - Floor Plan.dwg', extension: 'dwg' } } } }),
  );
  [bare, withDrawing, siteOrigin, browser] = await Promise.all([
    startCli(['--port', '0']),
    startCli(['--port', '0', '--config', config]),
    servePages(),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  killStartedClis();
  rmSync(scratch, { recursive: true, force: true });
});

/** A View Token as a back end gets it (any bearer is accepted by a bare mock). */
async function viewToken(mock: RunningCli, query: string): Promise<string> {
  const res = await fetch(`${mock.baseUrl}/view/token?${query}`, {
    headers: { Authorization: 'Bearer back-end-token' },
  });
  return ((await res.json()) as { data: string }).data;
}

/** A column of a sheet: its element id and the centre of its outline (mm, Y up). */
function columnOf(sheet: DrawingSheet | undefined): { objectId: string; centre: { x: number; y: number } } {
  const entity = sheet?.entities.find(
    (candidate) => candidate.kind === 'polygon' && candidate.layer === PLAN_LAYERS.columns.id,
  );
  if (entity?.kind !== 'polygon' || entity.objectId === undefined) throw new Error('the sheet has no column');
  const xs = entity.points.filter((_, index) => index % 2 === 0);
  const ys = entity.points.filter((_, index) => index % 2 === 1);
  return {
    objectId: entity.objectId,
    centre: { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 },
  };
}

async function advanceClock(mock: RunningCli, by: string): Promise<void> {
  const res = await fetch(`${mock.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ by }),
  });
  expect(res.status).toBe(200);
}

async function openPage(
  name: string,
  mock: RunningCli,
  token: string,
  extra = '',
): Promise<{ page: Page; errors: string[]; firstError: Promise<string> }> {
  const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
  page.setDefaultTimeout(15_000);
  const errors = collectPageErrors(page);
  const firstError = new Promise<string>((resolve) => page.once('pageerror', (error) => resolve(error.message)));
  await page.goto(`${siteOrigin}/${name}?mock=${encodeURIComponent(mock.baseUrl)}&viewToken=${token}${extra}`);
  return { page, errors, firstError };
}

const log = (page: Page) => page.locator('#log');
const caption = async (page: Page) => (await page.locator('.vtm-standin-caption').innerText()).split('\n');

test('a 3D page (WebApplication3D, viewer listener after addView) runs on a bare mock: ViewAdded, the building drawn, a live countdown', async () => {
  const token = await viewToken(bare, 'fileId=10001');
  const { page, errors } = await openPage('app-3d.html', bare, token);
  await log(page).getByText('ViewAdded; bottom toolbars: 1').waitFor();
  expect(await log(page).innerText()).toBe('loader success: 3DView model-10001.rvt\nViewAdded; bottom toolbars: 1');
  const lines = await caption(page);
  expect(lines.slice(0, 3)).toEqual([
    "view-token-mock's viewer stand-in, not the platform's viewer",
    'model-10001.rvt',
    'file 10001 · bimView · Bimface@3.6.36-standin',
  ]);
  expect(lines[3]).toMatch(/^View Token expires in 1[12]:\d\d:\d\d \(unless used again\)$/);
  expect(await page.locator('canvas.vtm-standin-canvas').count()).toBe(1);
  await page.waitForFunction((first) => document.querySelector('.vtm-standin-expiry')?.textContent !== first, lines[3]);
  await screenshot(page, 'viewer-3d-app');
  expect(errors).toEqual([]);
  await page.close();
});

test("the page's loads are uses of the token on the mock: the loader's and the viewer's /inside/databag, each sliding the expiry", async () => {
  const token = await viewToken(bare, 'fileId=10003');
  const { page, errors } = await openPage('app-3d.html', bare, token);
  await log(page).getByText('ViewAdded').waitFor();
  const record = (await (await fetch(`${bare.baseUrl}/__admin/view-tokens/${token}`)).json()) as { uses: number };
  expect(record.uses).toBe(2);
  expect(errors).toEqual([]);
  await page.close();
});

test('app-level listeners (page type B): ViewLoading and ViewAdded, then a click on the building fires MouseClicked and ComponentsSelectionChanged, one on empty space clears the selection', async () => {
  const token = await viewToken(bare, 'fileId=10004');
  const { page, errors } = await openPage('app-events.html', bare, token);
  await page.locator('#open:enabled').click();
  await log(page).getByText('ViewAdded').waitFor();
  const canvas = await page.locator('canvas.vtm-standin-canvas').boundingBox();
  if (canvas === null) throw new Error('no canvas');
  await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await log(page)
    .getByText(/^ComponentsSelectionChanged \d+/m)
    .waitFor();
  await page.mouse.click(canvas.x + 6, canvas.y + canvas.height - 6);
  await log(page).getByText('ComponentsSelectionChanged nothing').waitFor();
  const lines = (await log(page).innerText()).split('\n');
  const picked = /^MouseClicked (\d+) at z \d+/.exec(lines[4] ?? '')?.[1];
  expect(lines).toEqual([
    'loader success: 3DView',
    'ViewLoading 0%',
    'ViewLoading 100%',
    'ViewAdded',
    expect.stringMatching(/^MouseClicked \d+ at z \d+(\.\d+)?$/),
    `ComponentsSelectionChanged ${picked} selected: ${picked}`,
    'MouseClicked empty space',
    'ComponentsSelectionChanged nothing selected: ',
  ]);
  expect(errors).toEqual([]);
  await page.close();
});

test('the one-call demo application (page type C) opens the model', async () => {
  const token = await viewToken(bare, 'integrateId=30001');
  const { page, errors } = await openPage('demo.html', bare, token);
  await page.locator('.vtm-standin-name', { hasText: 'integration-30001' }).waitFor();
  expect((await caption(page))[2]).toBe('integration 30001 · bimView · Bimface@3.6.36-standin');
  expect(errors).toEqual([]);
  await page.close();
});

test('a bare Viewer3D (page type D): config without new, isolation, colours, camera, drawables, all read back and drawn', async () => {
  const token = await viewToken(bare, 'fileId=10005');
  const { page, errors } = await openPage('viewer-3d.html', bare, token);
  await log(page).getByText('ViewAdded').waitFor();
  await log(page).getByText('Rendered').waitFor();
  const [added, rendered] = (await log(page).innerText()).split('\n');
  const building = generateBuilding('10005');
  const onF1 = building.elements.filter((element) => element.levelName === 'F1').length;
  const windows = building.elements.filter((element) => element.categoryId === '-2000014').length;
  // Page ids the model lacks ('1002') are kept in the state all the same.
  expect(added).toBe(
    `ViewAdded; camera z 30000; isolated ${onF1} (MakeOthersTranslucent); coloured ${windows + 1}; drawables 1`,
  );
  expect(rendered).toBe('Rendered');
  expect(await page.locator('.vtm-standin-drawable').innerText()).toBe('Parking P1');
  await screenshot(page, 'viewer-3d-bare');
  expect(errors).toEqual([]);
  await page.close();
});

test('a drawing page (page type E, forced drawing view): the loader takes the drawing folder from subRenders, Loaded fires, the plan is drawn', async () => {
  const token = await viewToken(bare, 'fileId=10006');
  const sheet = createModelCatalog().modelOf('file', '10006').sheets()[0];
  const column = columnOf(sheet);
  const { page, errors } = await openPage('drawing.html', bare, token);
  await log(page).getByText('frames:').waitFor();
  expect(await log(page).innerText()).toBe(
    `loader success: model-10006.rvt\nLoaded; toolbar bf-toolbar bf-toolbar-bottom\nframes: ${sheet?.name}`,
  );
  // A click on a column of the plan (where the viewer says the column's centre is) selects it.
  const at = await page.evaluate((point) => {
    const viewer = (window as unknown as { viewer2D: { worldToClient(p: unknown): { x: number; y: number } } })
      .viewer2D;
    const root = (document.getElementById('drawing') as HTMLElement).getBoundingClientRect();
    const client = viewer.worldToClient(point);
    return { x: root.left + client.x, y: root.top + client.y };
  }, column.centre);
  await page.mouse.click(at.x, at.y);
  await log(page).getByText(`selected ${column.objectId}`).waitFor();
  // What the page asked the mock for, in order: the loader's use, the drawing bundle (the documented list), the viewer's use.
  const asked = await page.evaluate(
    (mock) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(mock))
        .map((name) => name.slice(mock.length)),
    bare.baseUrl,
  );
  const folder = '/api/Glodon/Drawing@1.6.34-standin';
  expect(asked).toEqual([
    '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js',
    `/inside/databag?viewToken=${token}`,
    `${folder}/bimface.index.js`,
    `${folder}/zh_CN.js`,
    `${folder}/Application.js`,
    `${folder}/Drawing.css`,
    `${folder}/bimface.bufferfly.js`,
    `${folder}/Drawing.js`,
    `/inside/databag?viewToken=${token}`,
    '/file-10006-databag/resource/drawing/index.json',
    `/file-10006-databag/resource/drawing/${sheet?.id}/index.json`,
  ]);
  expect(errors).toEqual([]);
  await page.close();
});

test("with a config naming a drawing, the sample's drawing branch opens it: drawingView, Loaded, the plan and its name", async () => {
  const token = await viewToken(withDrawing, `fileId=${DRAWING_ID}`);
  const { page, errors } = await openPage('app-3d.html', withDrawing, token);
  await log(page).getByText('Loaded; bottom toolbars: 1').waitFor();
  expect(await log(page).innerText()).toBe(
    'loader success: drawingView Level 1 - Floor Plan.dwg\nLoaded; bottom toolbars: 1',
  );
  expect((await caption(page)).slice(1, 3)).toEqual([
    'Level 1 - Floor Plan.dwg',
    'file 20002 · drawingView · Drawing@1.6.34-standin',
  ]);
  // The plan is drawn: its walls in their layer's colour.
  const [walls] = await countColours(page, 'canvas.vtm-standin-drawing', [PLAN_LAYERS.walls.color]);
  expect(walls).toBeGreaterThan(1000);
  await screenshot(page, 'viewer-drawing-app');
  expect(errors).toEqual([]);
  await page.close();
});

test("a token that expired before the page loads: the loader's failure callback gets the refusal", async () => {
  const token = await viewToken(withDrawing, 'fileId=10007');
  await advanceClock(withDrawing, '12h');
  const { page, errors } = await openPage('app-3d.html', withDrawing, token);
  await log(page).getByText('loader failure').waitFor();
  expect(await log(page).innerText()).toBe('loader failure: 401 authentication.failed: View token has expired.');
  expect(errors).toEqual([]);
  await page.close();
});

test('a token that expires while the page is open: addView fires Error with the refusal, and the placeholder says why', async () => {
  const token = await viewToken(bare, 'fileId=10008');
  const { page, errors } = await openPage('app-events.html', bare, token);
  await page.locator('#open:enabled').waitFor();
  await advanceClock(bare, '12h');
  await page.click('#open');
  await log(page).getByText('Error').waitFor();
  expect(await log(page).innerText()).toBe(
    'loader success: 3DView\nError 401 authentication.failed: View token has expired.',
  );
  expect((await caption(page)).slice(1)).toEqual([
    'The model could not be opened',
    '401 authentication.failed: View token has expired.',
  ]);
  await screenshot(page, 'viewer-expired-token');
  expect(errors).toEqual([]);
  await page.close();
});

test('a page calling a method the stand-in lacks gets a loud error naming it', async () => {
  const token = await viewToken(bare, 'fileId=10009');
  const { page, errors, firstError } = await openPage('app-3d.html', bare, token, '&walk=yes');
  await log(page).getByText('ViewAdded').waitFor();
  expect(await firstError).toMatch(/^view-token-mock's viewer SDK stand-in lacks Viewer3D\.enterWalkMode\(\)/);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(
    /^view-token-mock's viewer SDK stand-in lacks Viewer3D\.enterWalkMode\(\)\. It has: addBlinkComponentsById, addEventListener, addModel, .*, loadModel, .*\. See docs\/guides\/front-end-viewer\.md\.$/,
  );
  await page.close();
});
