import { CATEGORIES } from '../../mock/viewer/model/categories';
import type { DrawingEntity, DrawingSheet } from '../../mock/viewer/model/drawing-types';
import { checkSheetSettings, toDrawingSheets, toSheetSummaries } from '../../mock/viewer/model/drawing-sheets';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { PLAN_LAYERS } from '../../mock/viewer/model/plan-layers';

// A model's drawing: a plan of each storey derived from its elements' levels and boxes, vectors on
// named layers in mm with Y up; what the drawing viewer draws, selects and toggles.
const building = generateBuilding('10001');
const sheets = toDrawingSheets(building);
const storeys = building.levels.slice(0, -1);

/** Every x, y an entity reaches. */
function pointsOf(entity: DrawingEntity): { x: number; y: number }[] {
  if (entity.kind === 'text') return [entity.at];
  if (entity.kind === 'arc')
    return [
      { x: entity.center.x - entity.radius, y: entity.center.y - entity.radius },
      { x: entity.center.x + entity.radius, y: entity.center.y + entity.radius },
    ];
  const points = [];
  for (let at = 0; at < entity.points.length; at += 2)
    points.push({ x: entity.points[at] as number, y: entity.points[at + 1] as number });
  return points;
}

const byLayer = (sheet: DrawingSheet, layer: string): DrawingEntity[] =>
  sheet.entities.filter((entity) => entity.layer === layer);

test('one plan per storey (the roof level has none), numbered from 880001, named after its level', () => {
  expect(toSheetSummaries(sheets).map(({ id, name, levelName }) => ({ id, name, levelName }))).toEqual(
    storeys.map((level, index) => ({
      id: String(880_001 + index),
      name: `${level.name} Floor Plan`,
      levelName: level.name,
    })),
  );
});

test('a plan draws exactly the walls, columns, doors, windows and stairs of its level, each on its layer with its element id', () => {
  const layerOf: Record<string, string> = {
    [CATEGORIES.walls.id]: PLAN_LAYERS.walls.id,
    [CATEGORIES.columns.id]: PLAN_LAYERS.columns.id,
    [CATEGORIES.doors.id]: PLAN_LAYERS.doors.id,
    [CATEGORIES.windows.id]: PLAN_LAYERS.windows.id,
    [CATEGORIES.stairs.id]: PLAN_LAYERS.stairs.id,
  };
  for (const [index, level] of storeys.entries()) {
    const sheet = sheets[index] as DrawingSheet;
    const expected = building.elements
      .filter((element) => element.levelId === level.id && element.categoryId in layerOf)
      .map((element) => `${layerOf[element.categoryId]} ${element.elementId}`)
      .sort();
    const drawn = [
      ...new Set(
        sheet.entities.flatMap((entity) =>
          entity.objectId === undefined ? [] : [`${entity.layer} ${entity.objectId}`],
        ),
      ),
    ].sort();
    expect(drawn).toEqual(expected);
  }
});

test('a wall is drawn as its box seen from above: a filled outline in mm, Y up', () => {
  const wall = building.elements.find((element) => element.categoryId === CATEGORIES.walls.id);
  const entity = sheets[0]?.entities.find((candidate) => candidate.objectId === wall?.elementId);
  const { min, max } = wall?.boundingBox ?? { min: { x: 0, y: 0 }, max: { x: 0, y: 0 } };
  expect(entity).toEqual({
    kind: 'polygon',
    layer: PLAN_LAYERS.walls.id,
    points: [min.x, min.y, max.x, min.y, max.x, max.y, min.x, max.y],
    fill: 'solid',
    objectId: wall?.elementId,
  });
});

test('the grid, the dimensions and the text are layers of their own: bubbles 1… and A…, the bay lengths, room names and the title', () => {
  const sheet = sheets[0] as DrawingSheet;
  const texts = (layer: string): string[] =>
    byLayer(sheet, layer).flatMap((entity) => (entity.kind === 'text' ? [entity.text] : []));
  const columns = building.elements.filter(
    (element) => element.levelId === storeys[0]?.id && element.categoryId === CATEGORIES.columns.id,
  );
  const xs = [
    ...new Set(columns.map((column) => Math.round((column.boundingBox.min.x + column.boundingBox.max.x) / 2))),
  ].sort((a, b) => a - b);
  const ys = [
    ...new Set(columns.map((column) => Math.round((column.boundingBox.min.y + column.boundingBox.max.y) / 2))),
  ];
  expect(texts(PLAN_LAYERS.grids.id)).toEqual([
    ...xs.map((_, index) => String(index + 1)),
    ...ys.map((_, index) => 'ABCDEFG'[index]),
  ]);
  const bays = xs.slice(1).map((x, index) => String(x - (xs[index] as number)));
  expect(texts(PLAN_LAYERS.dimensions.id).slice(0, bays.length)).toEqual(bays);
  const rooms = building.rooms.filter((room) => room.levelId === storeys[0]?.id).map((room) => room.name);
  expect(texts(PLAN_LAYERS.text.id)).toEqual([...rooms, 'F1 Floor Plan  1:100']);
  expect(sheet.layers.map((layer) => layer.name)).toEqual([
    'S-GRID',
    'A-WALL',
    'S-COLS',
    'A-DOOR',
    'A-GLAZ',
    'A-FLOR-STRS',
    'A-ANNO-DIMS',
    'A-ANNO-TEXT',
  ]);
  expect(new Set(sheet.layers.map((layer) => layer.color)).size).toBe(sheet.layers.length);
});

test('entities come in layer order (openings after the walls they cut) and lie inside the sheet’s frame', () => {
  for (const sheet of sheets) {
    const order = sheet.layers.map((layer) => layer.id);
    const positions = sheet.entities.map((entity) => order.indexOf(entity.layer));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const point of sheet.entities.flatMap(pointsOf)) {
      expect(point.x).toBeGreaterThanOrEqual(sheet.frame.min.x);
      expect(point.x).toBeLessThanOrEqual(sheet.frame.max.x);
      expect(point.y).toBeGreaterThanOrEqual(sheet.frame.min.y);
      expect(point.y).toBeLessThanOrEqual(sheet.frame.max.y);
    }
  }
});

test('the config’s sheets choose the levels and names, in its order', () => {
  const chosen = toDrawingSheets(building, [
    { name: 'A-102 Upper Floor', level: 'F2' },
    { name: 'A-101 Ground Floor', level: 'F1' },
  ]);
  expect(chosen.map((sheet) => [sheet.id, sheet.name, sheet.levelName])).toEqual([
    ['880001', 'A-102 Upper Floor', 'F2'],
    ['880002', 'A-101 Ground Floor', 'F1'],
  ]);
  expect(chosen[1]?.entities).toEqual(
    sheets[0]?.entities.map((entity) =>
      entity.kind === 'text' && entity.text === 'F1 Floor Plan  1:100'
        ? { ...entity, text: 'A-101 Ground Floor  1:100' }
        : entity,
    ),
  );
  expect(checkSheetSettings(building, [{ name: 'A', level: 'F1' }])).toBeUndefined();
  expect(checkSheetSettings(building, [{ name: 'R', level: 'Roof' }])).toBe(
    `sheet "R" names level Roof: this model's plans are of ${storeys.map((level) => level.name).join(', ')}`,
  );
});

test('an integration’s drawing draws both files, its components named fileId.elementId', () => {
  const integration = createModelCatalog().integrationOf('20001');
  const [first] = integration.combined.sheets();
  const drawnFiles = new Set(
    first?.entities.flatMap((entity) => (entity.objectId === undefined ? [] : [entity.objectId.split('.')[0]])),
  );
  expect(drawnFiles).toEqual(new Set(['200011', '200012']));
  for (const entity of first?.entities ?? [])
    if (entity.objectId !== undefined) expect(entity.objectId).toMatch(/^20001[12]\.[0-9]+$/);
});
