/* eslint-disable @typescript-eslint/no-explicit-any -- the sample page's globals (viewer2D, app) are the SDK's untyped objects, driven here as a page's own buttons would drive them */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { PLAN_LAYERS } from '../../mock/viewer/model/plan-layers';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';
import { countColours, logLines, nextFrames, serveViewerPages } from '../support/viewer-pages';

// A drawing in the stand-in, as a drawing page opens it (WebApplicationDrawing, load(viewToken),
// Loaded): the plan sheets of the object's building drawn as vectors on a 2D canvas, one per level;
// sheets listed and switched, layers listed and toggled, a click picking an element with the point in
// drawing units (mm, Y up), the state the drawing's own. Judged by the canvas's pixels and the data.
jest.setTimeout(120_000);

const FILE_ID = '10006';
const CANVAS = 'canvas.vtm-standin-drawing';
const sheets = createModelCatalog().modelOf('file', FILE_ID).sheets();
const [first, second] = sheets;
const LAYER_COLOURS = Object.values(PLAN_LAYERS).map((layer) => layer.color);

let browser: Browser;
let site: Server;
let siteOrigin: string;
let mock: RunningCli;
let page: Page;
let errors: string[];

beforeAll(async () => {
  let pages: { server: Server; origin: string };
  [mock, pages, browser] = await Promise.all([startCli(['--port', '0']), serveViewerPages(), launchChromium()]);
  [site, siteOrigin] = [pages.server, pages.origin];
  const res = await fetch(`${mock.baseUrl}/view/token?fileId=${FILE_ID}`, {
    headers: { Authorization: 'Bearer back-end' },
  });
  const token = ((await res.json()) as { data: string }).data;
  page = await browser.newPage({ viewport: { width: 820, height: 640 } });
  page.setDefaultTimeout(30_000);
  errors = collectPageErrors(page);
  await page.goto(`${siteOrigin}/drawing-sheets.html?mock=${encodeURIComponent(mock.baseUrl)}&viewToken=${token}`);
  await page.locator('#log').getByText('Loaded').waitFor();
  await nextFrames(page);
});
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  killStartedClis();
});

/** Pixels of each plan layer's colour, in PLAN_LAYERS order. */
const layerPixels = (): Promise<number[]> => countColours(page, CANVAS, LAYER_COLOURS);

/** Calls a method of the page's drawing viewer and waits for the next Loaded line. */
async function untilLoaded(call: (viewer: any, sheetId: string) => void, sheetId: string): Promise<void> {
  const before = (await logLines(page)).filter((line) => line.startsWith('Loaded')).length;
  await page.evaluate(`(${call.toString()})(window.viewer2D, ${JSON.stringify(sheetId)})`);
  await page.waitForFunction(
    (count) =>
      (document.getElementById('log')?.textContent ?? '').split('\n').filter((line) => line.startsWith('Loaded'))
        .length > count,
    before,
  );
  await nextFrames(page);
}

test("the first sheet loads (its frame named as the model's first plan) and every layer is drawn in its colour", async () => {
  expect(sheets.length).toBeGreaterThan(1);
  expect(await logLines(page)).toEqual([`Loaded ${first?.id} ${first?.name}`]);
  const pixels = await layerPixels();
  for (const [index, count] of pixels.entries())
    expect([LAYER_COLOURS[index], count > 0]).toEqual([LAYER_COLOURS[index], true]);
  await screenshot(page, 'viewer-drawing-sheet');
});

test('getViews lists the sheets, one per level; getLayers the plan layers, each visible', async () => {
  const views = await page.evaluate(() => (window as any).viewer2D.getViews());
  expect(views).toEqual(sheets.map(({ id, name, levelName, frame }) => ({ id, name, levelName, frame })));
  const layers = await page.evaluate(() => (window as any).viewer2D.getLayers());
  expect(layers).toEqual(Object.values(PLAN_LAYERS).map((layer) => ({ ...layer, visible: true })));
});

test('hiding the walls layer takes its pixels away and leaves the others; showing it brings them back', async () => {
  const before = await layerPixels();
  await page.evaluate((id) => (window as any).viewer2D.hideLayer(id), PLAN_LAYERS.walls.id);
  await nextFrames(page);
  const hidden = await layerPixels();
  const walls = Object.keys(PLAN_LAYERS).indexOf('walls');
  expect(hidden[walls]).toBe(0);
  expect(hidden[Object.keys(PLAN_LAYERS).indexOf('dimensions')]).toBe(
    before[Object.keys(PLAN_LAYERS).indexOf('dimensions')],
  );
  expect(await page.evaluate(() => (window as any).viewer2D.getLayers()[1].visible)).toBe(false);
  await screenshot(page, 'viewer-drawing-no-walls');
  await page.evaluate((id) => (window as any).viewer2D.showLayer(id), PLAN_LAYERS.walls.id);
  await nextFrames(page);
  expect(await layerPixels()).toEqual(before);
});

test('a layer the sheet lacks is refused, naming the layers and the nearest', async () => {
  const message = await page.evaluate(() => {
    try {
      (window as any).viewer2D.hideLayer('A-WALLS');
      return 'no error';
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(message).toContain('ViewerDrawing.hideLayer(id)');
  expect(message).toContain('1 (S-GRID), 2 (A-WALL), 3 (S-COLS)');
  expect(message).toContain('did you mean A-WALL?');
});

test("a click on a column selects it: its id, and the point in drawing units (mm, Y up) inside the column's outline", async () => {
  const column = first?.entities.find(
    (entity) => entity.kind === 'polygon' && entity.layer === PLAN_LAYERS.columns.id && entity.objectId !== undefined,
  );
  if (column?.kind !== 'polygon') throw new Error('the sheet has no column');
  const xs = column.points.filter((_, index) => index % 2 === 0);
  const ys = column.points.filter((_, index) => index % 2 === 1);
  const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const at = await page.evaluate((point) => {
    const viewer = (window as any).viewer2D;
    const client = viewer.worldToClient(point);
    const root = viewer.getRootElement().getBoundingClientRect();
    return { x: root.left + client.x, y: root.top + client.y };
  }, centre);
  await page.mouse.click(at.x, at.y);
  await page.locator('#log').getByText(`selected ${column.objectId}`).waitFor();
  const click = (await page.evaluate(() => (window as any).lastClick)) as {
    objectId: string;
    eventType: string;
    worldPosition: { x: number; y: number };
  };
  expect(click.objectId).toBe(column.objectId);
  expect(click.eventType).toBe('Click');
  expect(click.worldPosition.x).toBeGreaterThanOrEqual(Math.min(...xs));
  expect(click.worldPosition.x).toBeLessThanOrEqual(Math.max(...xs));
  expect(click.worldPosition.y).toBeGreaterThanOrEqual(Math.min(...ys));
  expect(click.worldPosition.y).toBeLessThanOrEqual(Math.max(...ys));
  // Y up: a point higher on the screen is further north on the sheet.
  const above = await page.evaluate(([x, y]) => (window as any).viewer2D.clientToWorld({ x, y }), [10, 10]);
  const below = await page.evaluate(([x, y]) => (window as any).viewer2D.clientToWorld({ x, y }), [10, 200]);
  expect(above.y).toBeGreaterThan(below.y);
  expect(await page.evaluate(() => (window as any).viewer2D.getSelectedComponents())).toEqual([column.objectId]);
});

test('showViewById switches to the second sheet: Loaded, its frame, a different picture; load(token, sheetId) opens it directly', async () => {
  const firstPicture = await layerPixels();
  await untilLoaded((viewer, id) => viewer.showViewById(id), String(second?.id));
  expect((await logLines(page)).at(-1)).toBe(`Loaded ${second?.id} ${second?.name}`);
  expect(await page.evaluate(() => (window as any).viewer2D.getCurrentState().sheetId)).toBe(second?.id);
  expect(await layerPixels()).not.toEqual(firstPicture);
  await screenshot(page, 'viewer-drawing-second-sheet');
  const token = new URL(page.url()).searchParams.get('viewToken') as string;
  await untilLoaded(
    (viewer, id) => viewer.load(new URLSearchParams(location.search).get('viewToken'), id),
    String(first?.id),
  );
  expect(token).not.toBe('');
  expect((await logLines(page)).at(-1)).toBe(`Loaded ${first?.id} ${first?.name}`);
  expect(await layerPixels()).toEqual(firstPicture);
});

test('the wheel zooms ×1.2 a notch about the pointer (the point under it stays); a drag pans and is no click', async () => {
  const viewer = (expression: string): Promise<any> => page.evaluate(`window.viewer2D.${expression}`);
  const box = await page.locator(CANVAS).boundingBox();
  if (box === null) throw new Error('no canvas');
  const pointer = { x: box.x + 200, y: box.y + 150 };
  const zoom = (await viewer('getZoomFactor()')) as number;
  const under = await viewer('clientToWorld({ x: 200, y: 150 })');
  await page.mouse.move(pointer.x, pointer.y);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction((before) => (window as any).viewer2D.getZoomFactor() !== before, zoom);
  expect((await viewer('getZoomFactor()')) / zoom).toBeCloseTo(1.2, 6);
  const still = await viewer('clientToWorld({ x: 200, y: 150 })');
  expect(still.x).toBeCloseTo(under.x, 0);
  expect(still.y).toBeCloseTo(under.y, 0);
  const lines = (await logLines(page)).length;
  await page.mouse.down();
  await page.mouse.move(pointer.x + 60, pointer.y + 40, { steps: 4 });
  await page.mouse.up();
  const moved = await viewer('clientToWorld({ x: 260, y: 190 })');
  // The sheet moved with the pointer: the point dragged is under it again.
  expect(moved.x).toBeCloseTo(under.x, 0);
  expect(moved.y).toBeCloseTo(under.y, 0);
  expect((await logLines(page)).length).toBe(lines);
  await page.evaluate(() => (window as any).viewer2D.home());
});

test('a sheet the drawing lacks is refused, naming its sheets', async () => {
  const message = await page.evaluate(() => {
    try {
      (window as any).viewer2D.showViewById('123');
      return 'no error';
    } catch (error) {
      return (error as Error).message;
    }
  });
  const listed = sheets.map((sheet) => `${sheet.id} (${sheet.name})`).join(', ');
  expect(message).toContain(`this drawing's sheets are ${listed}, not '123'`);
});

test("getCurrentState is the drawing's (sheet, view, hidden layers); setState takes it back after changes", async () => {
  await page.evaluate((id) => (window as any).viewer2D.hideLayer(id), PLAN_LAYERS.text.id);
  await nextFrames(page);
  const state = await page.evaluate(() => (window as any).viewer2D.getCurrentState());
  expect(state).toMatchObject({ sheetId: first?.id, hiddenLayers: [PLAN_LAYERS.text.id] });
  const picture = await layerPixels();
  await untilLoaded((viewer, id) => viewer.showViewById(id), String(second?.id));
  await page.evaluate(() => (window as any).viewer2D.showAllLayers());
  await page.evaluate((saved) => (window as any).viewer2D.setState(saved), state);
  await page.waitForFunction((id) => (window as any).viewer2D.getCurrentState().sheetId === id, first?.id);
  await nextFrames(page);
  expect(await page.evaluate(() => (window as any).viewer2D.getCurrentState())).toEqual(state);
  expect(await layerPixels()).toEqual(picture);
  expect(errors).toEqual([]);
});
