/* eslint-disable @typescript-eslint/no-explicit-any -- the sample pages' globals (viewer3D, model3D, Glodon) are the SDK's untyped objects, driven here as a page's own buttons would drive them */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';

// The stand-in renders the object's building with three.js (WebGL on SwiftShader here), and the
// calls real pages make change the picture: judged by the canvas's pixels and the data that comes
// back, with pages written as the platform's samples write them (v3 and 3.6.x), one mock, one browser.
jest.setTimeout(120_000);

const PAGES = path.join(__dirname, 'viewer-pages');
const FILE_ID = '10001';
const building = generateBuilding(FILE_ID);
let browser: Browser;
let site: Server;
let siteOrigin: string;
let mock: RunningCli;

beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const file = path.join(PAGES, path.basename(url.pathname));
    if (!file.endsWith('.html')) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(readFileSync(file, 'utf8').replaceAll('{{mock}}', url.searchParams.get('mock') ?? ''));
  });
  const listening = new Promise<string>((resolve) =>
    site.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)),
  );
  [mock, siteOrigin, browser] = await Promise.all([startCli(['--port', '0']), listening, launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  killStartedClis();
});

async function viewToken(fileId = FILE_ID): Promise<string> {
  const res = await fetch(`${mock.baseUrl}/view/token?fileId=${fileId}`, {
    headers: { Authorization: 'Bearer back-end' },
  });
  return ((await res.json()) as { data: string }).data;
}

async function openPage(name: string, extra = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 820, height: 700 } });
  page.setDefaultTimeout(30_000);
  const errors = collectPageErrors(page);
  const token = await viewToken();
  await page.goto(`${siteOrigin}/${name}?mock=${encodeURIComponent(mock.baseUrl)}&viewToken=${token}${extra}`);
  await page.locator('#log').getByText('ViewAdded').waitFor();
  await nextFrames(page);
  return { page, errors };
}

const log = async (page: Page): Promise<string[]> => (await page.locator('#log').innerText()).split('\n');

/** Two animation frames: the stand-in draws a change on the next one. */
const nextFrames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** How many of the canvas's pixels are strongly red, the background, or anything else (a 16×12 grey thumbnail too). */
function readCanvas(page: Page): Promise<{ red: number; background: number; total: number; thumbnail: number[] }> {
  return page.evaluate(() => {
    const gl = document.querySelector('canvas.vtm-standin-canvas') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    [copy.width, copy.height] = [gl.width, gl.height];
    const context = copy.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(gl, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let red = 0;
    let background = 0;
    const cells = new Array<number>(16 * 12).fill(0);
    for (let at = 0; at < data.length; at += 4) {
      const [r, g, b] = [data[at] as number, data[at + 1] as number, data[at + 2] as number];
      if (r > 120 && g < 40 && b < 40) red += 1;
      if (r === 0x1f && g === 0x24 && b === 0x30) background += 1;
      const pixel = at / 4;
      const cell =
        Math.floor(((pixel % copy.width) * 16) / copy.width) +
        16 * Math.floor((Math.floor(pixel / copy.width) * 12) / copy.height);
      cells[cell] = (cells[cell] as number) + (r + g + b) / 3;
    }
    const perCell = (copy.width * copy.height) / (16 * 12);
    return { red, background, total: data.length / 4, thumbnail: cells.map((sum) => Math.round(sum / perCell)) };
  });
}

const difference = (a: number[], b: number[]): number =>
  a.reduce((sum, value, index) => sum + Math.abs(value - (b[index] as number)), 0) / a.length;

/** The canvas's centre on the page (where the building is at the Home view). */
async function canvasCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('canvas.vtm-standin-canvas').boundingBox();
  if (box === null) throw new Error('no canvas');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('a v3 page (loadModel, ModelAdded, getModel)', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await openPage('sample-v3.html'));
  });
  afterAll(() => page.close());

  test('ViewAdded then ModelAdded with the file id; the building is drawn, the rest is background', async () => {
    await page.locator('#log').getByText('ModelAdded').waitFor();
    expect(await log(page)).toEqual(['ViewAdded', `ModelAdded ${FILE_ID}`]);
    const canvas = await readCanvas(page);
    expect(canvas.background).toBeGreaterThan(canvas.total * 0.2);
    expect(canvas.background).toBeLessThan(canvas.total * 0.85);
    await screenshot(page, 'viewer-building');
  });

  test("a click on the building picks a component: the platform's payload, its properties, category and floor come back", async () => {
    const centre = await canvasCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await page
      .locator('#log')
      .getByText(/^floors /m)
      .waitFor();
    await page
      .locator('#log')
      .getByText(/^property /m)
      .waitFor();
    const click = (await page.evaluate(
      () => (window as unknown as { lastClick: Record<string, unknown> }).lastClick,
    )) as {
      objectId: string;
      modelId: string;
      eventType: string;
      worldPosition: { x: number; y: number; z: number };
      boundingBox: { min: { x: number; y: number; z: number }; max: { x: number; y: number; z: number } };
    };
    const element = building.elements.find((candidate) => candidate.elementId === click.objectId);
    expect(element).toBeDefined();
    expect(click).toMatchObject({ eventType: 'Click', modelId: FILE_ID });
    // The point hit lies on the element's box (mm, Z up), which is the box the data route gives.
    for (const axis of ['x', 'y', 'z'] as const) {
      expect(click.worldPosition[axis]).toBeGreaterThanOrEqual((element?.boundingBox.min[axis] as number) - 1);
      expect(click.worldPosition[axis]).toBeLessThanOrEqual((element?.boundingBox.max[axis] as number) + 1);
      expect(click.boundingBox.min[axis]).toBeCloseTo(element?.boundingBox.min[axis] as number, 0);
    }
    const lines = await log(page);
    expect(lines).toContain(`MouseClicked Click ${click.objectId} in model ${FILE_ID}`);
    expect(lines).toContain(`SelectionChangedInModel {"${FILE_ID}":["${click.objectId}"]}`);
    expect(lines).toContain(`property success ${click.objectId} ${element?.categoryName} on ${element?.levelName}`);
    expect(lines).toContain(`floors ${building.levels.map((level) => level.name).join(',')}`);
    // The page's own fetch of the same route gets the same answer as the SDK call.
    const property = await page.evaluate(() => (window as unknown as { lastProperty: unknown }).lastProperty);
    const direct = await page.evaluate(
      async ([base, id]) => {
        const token = new URLSearchParams(location.search).get('viewToken') as string;
        return (await fetch(`${base}/data/v2/files/10001/elements/${id}?view_token=${token}`)).json();
      },
      [mock.baseUrl, click.objectId] as const,
    );
    expect(property).toEqual(direct);
  });

  test('a drag orbits the camera and is never a click; a right click is ContextMenu; a double click, MouseDoubleClicked', async () => {
    const before = await page.evaluate(() =>
      (window as unknown as { viewer3D: { getCameraStatus(): unknown } }).viewer3D.getCameraStatus(),
    );
    const clicks = (await log(page)).filter((line) => line.startsWith('MouseClicked')).length;
    const centre = await canvasCentre(page);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 90, centre.y + 10, { steps: 6 });
    await page.mouse.up();
    await nextFrames(page);
    const after = await page.evaluate(() =>
      (window as unknown as { viewer3D: { getCameraStatus(): unknown } }).viewer3D.getCameraStatus(),
    );
    expect(after).not.toEqual(before);
    expect((await log(page)).filter((line) => line.startsWith('MouseClicked')).length).toBe(clicks);
    await page.mouse.click(centre.x, centre.y, { button: 'right' });
    await page
      .locator('#log')
      .getByText(/^ContextMenu /m)
      .waitFor();
    expect((await log(page)).filter((line) => line.startsWith('ContextMenu'))[0]).toMatch(
      /^ContextMenu \d+ in 800x520$/,
    );
    await page.mouse.dblclick(centre.x, centre.y);
    await page
      .locator('#log')
      .getByText(/^MouseDoubleClicked /m)
      .waitFor();
    expect((await log(page)).find((line) => line.startsWith('MouseDoubleClicked'))).toMatch(
      /^MouseDoubleClicked DoubleClick \d+$/,
    );
  });

  test('a red colour override by object data makes red pixels; restoring it removes them', async () => {
    await page.evaluate(() => {
      const { model3D } = window as unknown as { model3D: Record<string, (...args: unknown[]) => void> };
      (window as any).viewer3D.setView('Home');
      model3D.clearSelectedComponents?.();
      model3D.overrideComponentsColorByObjectData?.(
        [{ categoryId: -2000011 }],
        new (window as any).Glodon.Web.Graphics.Color(255, 0, 0, 1),
      );
    });
    await nextFrames(page);
    const red = await readCanvas(page);
    expect(red.red).toBeGreaterThan(red.total * 0.05);
    await screenshot(page, 'viewer-colour-override');
    await page.evaluate(() => (window as any).model3D.clearOverrideColorComponents());
    await nextFrames(page);
    expect((await readCanvas(page)).red).toBe(0);
  });

  test('isolating one level (HideOthers) removes the others from the picture; clearIsolation brings them back', async () => {
    await page.evaluate(() => (window as any).viewer3D.setView('Home'));
    await nextFrames(page);
    const whole = await readCanvas(page);
    await page.evaluate(() =>
      (window as any).model3D.isolateComponentsByObjectData(
        [{ levelName: 'F1' }],
        (window as any).Glodon.Bimface.Viewer.IsolateOption.HideOthers,
      ),
    );
    await nextFrames(page);
    const isolated = await readCanvas(page);
    expect(isolated.background - whole.background).toBeGreaterThan(whole.total * 0.1);
    await page.evaluate(() => (window as any).model3D.clearIsolation());
    await nextFrames(page);
    expect((await readCanvas(page)).background).toBe(whole.background);
  });

  test('setView moves the picture and getCameraStatus says where; zoomToSelectedComponents frames the selection; the snapshot is a PNG data URL', async () => {
    const home = await readCanvas(page);
    const top = await page.evaluate(() => {
      (window as any).viewer3D.setView((window as any).Glodon.Bimface.Viewer.ViewOption.Top);
      return (window as any).viewer3D.getCameraStatus();
    });
    await nextFrames(page);
    expect(difference((await readCanvas(page)).thumbnail, home.thumbnail)).toBeGreaterThan(8);
    expect(top.up).toEqual({ x: 0, y: 1, z: 0 });
    expect(top.position.z).toBeGreaterThan(building.boundingBox.max.z);
    expect(top.position.x).toBeCloseTo((building.boundingBox.min.x + building.boundingBox.max.x) / 2, 0);
    const column = building.elements.find((element) => element.categoryId === '-2000100');
    await page.evaluate((id) => {
      (window as any).model3D.setSelectedComponentsById([id]);
      (window as any).model3D.zoomToSelectedComponents();
    }, column?.elementId);
    await nextFrames(page);
    const zoomed = await readCanvas(page);
    expect(zoomed.background).toBeLessThan(home.background);
    const snapshot = await page.evaluate(() => (window as any).viewer3D.createSnapshot() as string);
    expect(snapshot.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(snapshot.slice(22), 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  test('hide, translucency, blink and background colour change the picture too', async () => {
    await page.evaluate(() => (window as any).viewer3D.setView('Home'));
    await nextFrames(page);
    const normal = await readCanvas(page);
    await page.evaluate(() => (window as any).model3D.hideAllComponents());
    await nextFrames(page);
    expect((await readCanvas(page)).background).toBe(normal.total);
    await page.evaluate(() => (window as any).model3D.showAllComponents());
    await page.evaluate(() => (window as any).model3D.transparentAllComponents());
    await nextFrames(page);
    expect(difference((await readCanvas(page)).thumbnail, normal.thumbnail)).toBeGreaterThan(8);
    await page.evaluate(() => (window as any).model3D.opaqueAllComponents());
    await nextFrames(page);
    expect((await readCanvas(page)).background).toBe(normal.background);
    const walls = building.elements
      .filter((element) => element.categoryId === '-2000011')
      .map((element) => element.elementId);
    await page.evaluate((ids) => {
      const model = (window as any).model3D;
      model.addBlinkComponentsById(ids);
      model.setBlinkColor(new (window as any).Glodon.Web.Graphics.Color(255, 0, 0, 1));
      model.setBlinkIntervalTime(200);
      (window as any).viewer3D.enableBlinkComponents(true);
    }, walls);
    await page.waitForFunction(() => {
      const gl = document.querySelector('canvas.vtm-standin-canvas') as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [gl.width, gl.height];
      const context = copy.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(gl, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      for (let at = 0; at < data.length; at += 4)
        if ((data[at] as number) > 120 && (data[at + 1] as number) < 40 && (data[at + 2] as number) < 40) return true;
      return false;
    });
    await page.evaluate(() => (window as any).model3D.clearAllBlinkComponents());
    await page.evaluate(() =>
      (window as any).viewer3D.setBackgroundColor(new (window as any).Glodon.Web.Graphics.Color('#ffffff', 1)),
    );
    await nextFrames(page);
    const white = await readCanvas(page);
    expect(white.red).toBe(0);
    expect(white.background).toBe(0);
  });

  test('a call the stand-in lacks still throws the error naming it', async () => {
    const message = await page.evaluate(() => {
      try {
        (window as any).viewer3D.enterWalkMode();
        return 'no error';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    });
    expect(message).toMatch(
      /^StandInLacksError: view-token-mock's viewer SDK stand-in lacks Viewer3D\.enterWalkMode\(\)\. It has: .*getModel.*loadModel/,
    );
    expect(errors).toEqual([]);
  });
});

describe('a 3.6.x page (addView, methods on the viewer, drawables and markers)', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await openPage(
      'sample-36.html',
      `&box=${encodeURIComponent(JSON.stringify(building.boundingBox))}`,
    ));
  });
  afterAll(() => page.close());

  /** Where an element's top left is on the page. */
  const placeOf = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { x: Math.round(rect.left), y: Math.round(rect.top) };
    });

  test("a CustomItem's own element sits at its world position and follows it as the camera moves; it stays clickable", async () => {
    const expected = async () =>
      page.evaluate(() => {
        const viewer = (window as any).viewer3D;
        const at = viewer.worldToClient((window as any).corner);
        const root = viewer.getRootElement().getBoundingClientRect();
        return { x: Math.round(root.left + at.x), y: Math.round(root.top + at.y) };
      });
    const home = await placeOf('#roof-tag');
    expect(home).toEqual(await expected());
    await screenshot(page, 'viewer-marker');
    await page.evaluate(() => (window as any).viewer3D.setView((window as any).Glodon.Bimface.Viewer.ViewOption.West));
    await nextFrames(page);
    const west = await placeOf('#roof-tag');
    expect(west).not.toEqual(home);
    expect(west).toEqual(await expected());
    await page.evaluate(() => (window as any).viewer3D.setView('Home'));
    await nextFrames(page);
    await page.locator('#roof-tag').click();
    await page.locator('#log').getByText('tag clicked').waitFor();
    expect(await page.locator('.vtm-standin-leadlabel-text').innerText()).toBe('Inspection 7');
    await page.locator('.vtm-standin-marker3d').click();
    await page
      .locator('#log')
      .getByText(/^marker clicked /m)
      .waitFor();
  });

  test('3.6.x methods on the viewer: getComponentProperty hands the data, a colour override by id makes those pixels that colour', async () => {
    const centre = await canvasCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await page
      .locator('#log')
      .getByText(/^property /m)
      .waitFor();
    const line = (await log(page)).find((entry) => entry.startsWith('property ')) as string;
    const [, id] = line.split(' ');
    const element = building.elements.find((candidate) => candidate.elementId === id);
    expect(line).toBe(`property ${id} ${element?.name}`);
    await page.evaluate(
      (walls) => {
        const viewer = (window as any).viewer3D;
        viewer.clearSelectedComponents();
        viewer.overrideComponentsColorById(walls, new (window as any).Glodon.Web.Graphics.Color('#ff0000', 1));
      },
      building.elements
        .filter((candidate) => candidate.categoryId === '-2000011')
        .map((candidate) => candidate.elementId),
    );
    await nextFrames(page);
    expect((await readCanvas(page)).red).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });
});

test("the countdown follows the token's session clock on the mock, not the page's clock", async () => {
  const { page, errors } = await openPage('sample-v3.html');
  const expiry = page.locator('.vtm-standin-expiry');
  await expect(expiry.innerText()).resolves.toMatch(/^View Token expires in 1[12]:\d\d:\d\d \(unless used again\)$/);
  const res = await fetch(`${mock.baseUrl}/__admin/clock/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ by: '3h' }),
  });
  expect(res.status).toBe(200);
  await page.waitForFunction(() =>
    /^View Token expires in 0?8:5\d:\d\d/.test(document.querySelector('.vtm-standin-expiry')?.textContent ?? ''),
  );
  expect(errors).toEqual([]);
  await page.close();
});
