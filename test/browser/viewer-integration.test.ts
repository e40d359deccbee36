/* eslint-disable @typescript-eslint/no-explicit-any -- the sample page's globals (viewer3D, Glodon) are the SDK's untyped objects, driven here as a page's own buttons would drive them */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';
import type { RunningCli } from '../support/spawn-cli';
import { killStartedClis, startCli } from '../support/spawn-cli';
import { countPixels, logLines, nextFrames, serveViewerPages } from '../support/viewer-pages';

// An integrated model (integrateId) in the stand-in, as a v3 page opens it (loadModel, ModelAdded,
// getModel): both its files drawn together, a click naming the child file and `fileId.elementId`,
// whose properties come back from the integration's route; a second model beside it; the child
// file's View Token the SDK's FileManager asks for. Judged by the canvas's pixels and the data.
jest.setTimeout(120_000);

const INTEGRATE_ID = '30001';
const CANVAS = 'canvas.vtm-standin-canvas';
const BACKGROUND = '#1f2430';
const integration = createModelCatalog().integrationOf(INTEGRATE_ID);
const [architecture, structure] = integration.files;
const idsOf = (fileId: string | undefined): string[] =>
  integration.combined.model.elements
    .filter((element) => element.elementId.startsWith(`${fileId}.`))
    .map((element) => element.elementId);

let browser: Browser;
let site: Server;
let siteOrigin: string;
let mock: RunningCli;

beforeAll(async () => {
  let pages: { server: Server; origin: string };
  [mock, pages, browser] = await Promise.all([startCli(['--port', '0']), serveViewerPages(), launchChromium()]);
  [site, siteOrigin] = [pages.server, pages.origin];
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  killStartedClis();
});

async function viewToken(query: string): Promise<string> {
  const res = await fetch(`${mock.baseUrl}/view/token?${query}`, { headers: { Authorization: 'Bearer back-end' } });
  return ((await res.json()) as { data: string }).data;
}

async function openModels(tokens: string[], waitFor: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 820, height: 700 } });
  page.setDefaultTimeout(30_000);
  const errors = collectPageErrors(page);
  const query = tokens.map((token) => `&viewToken=${token}`).join('');
  await page.goto(`${siteOrigin}/models-v3.html?mock=${encodeURIComponent(mock.baseUrl)}${query}`);
  await page.locator('#log').getByText(waitFor).waitFor();
  await nextFrames(page);
  return { page, errors };
}

/** The canvas's centre on the page (where the building is at the Home view). */
async function canvasCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator(CANVAS).boundingBox();
  if (box === null) throw new Error('no canvas');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('an integrated model in a v3 page', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ page, errors } = await openModels([await viewToken(`integrateId=${INTEGRATE_ID}`)], 'ModelAdded'));
  });
  afterAll(() => page.close());

  test('ViewAdded with modelType integrationModel, then ModelAdded with the integration id', async () => {
    expect(await logLines(page)).toEqual(['ViewAdded integrationModel', `ModelAdded ${INTEGRATE_ID}`]);
    expect(architecture?.specialty).not.toBe(structure?.specialty);
    await screenshot(page, 'viewer-integration');
  });

  test.each([
    ['the first file (architecture)', 0],
    ['the second file (structure)', 1],
  ])('%s is drawn: its components coloured red by id make red pixels, none before', async (_, index) => {
    const ids = idsOf(integration.files[index]?.fileId);
    expect(ids.length).toBeGreaterThan(10);
    expect((await countPixels(page, CANVAS, BACKGROUND)).red).toBe(0);
    await page.evaluate(
      ([id, chosen]) =>
        (window as any).viewer3D
          .getModel(id)
          .overrideComponentsColorById(chosen, new (window as any).Glodon.Web.Graphics.Color(255, 0, 0, 1)),
      [INTEGRATE_ID, ids] as const,
    );
    await nextFrames(page);
    const red = await countPixels(page, CANVAS, BACKGROUND);
    expect(red.red).toBeGreaterThan(red.total * 0.01);
    await screenshot(page, `viewer-integration-file-${index + 1}-red`);
    await page.evaluate((id) => (window as any).viewer3D.getModel(id).clearOverrideColorComponents(), INTEGRATE_ID);
    await nextFrames(page);
    expect((await countPixels(page, CANVAS, BACKGROUND)).red).toBe(0);
  });

  test("a click names the child file and 'fileId.elementId'; its properties come from the integration's route", async () => {
    const centre = await canvasCentre(page);
    await page.mouse.click(centre.x, centre.y);
    await page
      .locator('#log')
      .getByText(/^property /m)
      .waitFor();
    const click = (await page.evaluate(() => (window as any).lastClick)) as Record<string, string>;
    const [fileId, elementId] = String(click.objectId).split('.');
    expect(integration.files.map((file) => file.fileId)).toContain(fileId);
    expect(click).toMatchObject({ modelId: INTEGRATE_ID, fileId, elementId });
    const element = integration.combined.model.elements.find((candidate) => candidate.elementId === click.objectId);
    expect(element).toBeDefined();
    const lines = await logLines(page);
    expect(lines).toContain(`MouseClicked ${click.objectId} file ${fileId} in model ${INTEGRATE_ID}`);
    expect(lines).toContain(`SelectionChangedInModel {"${INTEGRATE_ID}":["${click.objectId}"]}`);
    // The SDK's call went to /data/v2/integrations/{id}/files/{fileId}/elements/{elementId}: the same answer.
    const direct = await page.evaluate(
      async ([base, id, file, own]) => {
        const token = new URLSearchParams(location.search).get('viewToken') as string;
        const url = `${base}/data/v2/integrations/${id}/files/${file}/elements/${own}?view_token=${token}`;
        return (await fetch(url)).json();
      },
      [mock.baseUrl, INTEGRATE_ID, fileId, elementId] as const,
    );
    expect(await page.evaluate(() => (window as any).lastProperty)).toEqual(direct);
    // The file's route names the element by its own id in that file.
    expect(direct).toMatchObject({ code: 'success', data: { elementId } });
    expect(lines).toContain(
      `property success ${elementId} ${(direct as { data: { properties: { items: { value: string }[] }[] } }).data.properties[0]?.items[0]?.value}`,
    );
  });

  test("selecting 'fileId.elementId' by id highlights it (the selection's blue); clearing takes the blue away", async () => {
    await page.evaluate((id) => (window as any).viewer3D.getModel(id).clearSelectedComponents(), INTEGRATE_ID);
    await nextFrames(page);
    expect((await countPixels(page, CANVAS, BACKGROUND)).blue).toBe(0);
    const walls = integration.combined.model.elements
      .filter((element) => element.categoryId === '-2000011')
      .map((element) => element.elementId);
    expect(walls[0]).toMatch(/^[0-9]+\.[0-9]+$/);
    await page.evaluate(([id, chosen]) => (window as any).viewer3D.getModel(id).setSelectedComponentsById(chosen), [
      INTEGRATE_ID,
      walls,
    ] as const);
    await nextFrames(page);
    const selected = await countPixels(page, CANVAS, BACKGROUND);
    expect(selected.blue).toBeGreaterThan(selected.total * 0.01);
    await page.evaluate((id) => (window as any).viewer3D.getModel(id).clearSelectedComponents(), INTEGRATE_ID);
    await nextFrames(page);
    expect((await countPixels(page, CANVAS, BACKGROUND)).blue).toBe(0);
  });

  test("the SDK's FileManager lists the files and gets a child file's View Token, which opens that file", async () => {
    const answer = (await page.evaluate(
      ([id, file]) =>
        new Promise((resolve, reject) => {
          const token = new URLSearchParams(location.search).get('viewToken') as string;
          const Glodon = (window as any).Glodon;
          const manager = new Glodon.Bimface.Data.FileManager({ viewToken: token, modelId: id });
          manager.getFiles((files: { fileId: unknown }[]) => {
            manager.getViewToken(
              file,
              (child: string) => resolve({ files: files.map((entry) => String(entry.fileId)), child }),
              reject,
            );
          }, reject);
        }),
      [INTEGRATE_ID, structure?.fileId] as const,
    )) as { files: string[]; child: string };
    expect(answer.files).toEqual(integration.files.map((file) => file.fileId));
    expect(answer.child).toMatch(/^[0-9a-f]{32}$/);
    const databag = await fetch(`${mock.baseUrl}/inside/databag?viewToken=${answer.child}`);
    expect(databag.status).toBe(200);
    expect(((await databag.json()) as { data: { modelId: string } }).data.modelId).toBe(structure?.fileId);
    expect(errors).toEqual([]);
  });
});

test('two models in one viewer (loadModel twice): ViewAdded once, ModelAdded each, both drawn, each its own data', async () => {
  const tokens = [await viewToken('fileId=10001'), await viewToken(`integrateId=${INTEGRATE_ID}`)];
  const { page, errors } = await openModels(tokens, `ModelAdded ${INTEGRATE_ID}`);
  await page.locator('#log').getByText('ModelAdded 10001').waitFor();
  const lines = await logLines(page);
  expect(lines.filter((line) => line.startsWith('ViewAdded'))).toEqual(['ViewAdded singleModel']);
  expect(lines.filter((line) => line.startsWith('ModelAdded')).sort()).toEqual([
    'ModelAdded 10001',
    `ModelAdded ${INTEGRATE_ID}`,
  ]);
  expect(await page.evaluate(() => (window as any).viewer3D.getModels().length)).toBe(2);
  // Colouring one model's components leaves the other's alone: red with one, more red with both.
  const paint = (id: string): Promise<void> =>
    page.evaluate((model) => {
      const viewer = (window as any).viewer3D;
      const all = viewer.getModel(model);
      all.overrideComponentsColorByObjectData([{}], new (window as any).Glodon.Web.Graphics.Color(255, 0, 0, 1));
    }, id);
  await paint('10001');
  await nextFrames(page);
  const one = await countPixels(page, CANVAS, BACKGROUND);
  await paint(INTEGRATE_ID);
  await nextFrames(page);
  const both = await countPixels(page, CANVAS, BACKGROUND);
  expect(one.red).toBeGreaterThan(0);
  expect(both.red).toBeGreaterThan(one.red);
  await screenshot(page, 'viewer-two-models');
  expect(errors).toEqual([]);
  await page.close();
});
