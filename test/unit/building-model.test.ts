import { toBuildingShape } from '../../mock/viewer/model/building-shape';
import { CATEGORIES } from '../../mock/viewer/model/categories';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { toElementAnswer, toFloorsAnswer, toTreeAnswer } from '../../mock/viewer/model/model-answers';
import type { BuildingModel } from '../../mock/viewer/model/model-types';
import { createSeeded } from '../../mock/viewer/model/seeded';

// The building behind an object: generated from a seed, the same every time, shaped like a Revit
// model as the platform's data APIs describe it.
const IDS = ['10001', '1', '9223372036854775807', '42', 'x'];

const inside = (inner: BuildingModel['boundingBox'], outer: BuildingModel['boundingBox']): boolean =>
  (['x', 'y', 'z'] as const).every((axis) => inner.min[axis] >= outer.min[axis] && inner.max[axis] <= outer.max[axis]);

test.each(IDS)(
  'object %s: the same id gives the same building, element for element (ids, GUIDs, boxes, properties)',
  (id) => {
    expect(generateBuilding(id)).toEqual(generateBuilding(id));
  },
);

test('different ids give different buildings; a seed in the config makes two objects alike', () => {
  const [a, b] = [generateBuilding('10001'), generateBuilding('10002')];
  expect(a.elements.map((element) => element.guid)).not.toEqual(b.elements.map((element) => element.guid));
  expect(generateBuilding('10002', { seed: '10001' })).toEqual({ ...a, source: 'generated from seed 10001' });
  expect(a.source).toBe('generated from seed 10001');
});

test.each(IDS)(
  'object %s: every element has a numeric id (unique), a category of the platform, a level, a GUID and a box inside the model',
  (id) => {
    const building = generateBuilding(id);
    const ids = building.elements.map((element) => element.elementId);
    expect(new Set(ids).size).toBe(ids.length);
    const categories = Object.values(CATEGORIES).map((category) => [category.id, category.name]);
    for (const element of building.elements) {
      expect(element.elementId).toMatch(/^[0-9]+$/);
      expect(categories).toContainEqual([element.categoryId, element.categoryName]);
      expect(building.levels.map((level) => level.id)).toContain(element.levelId);
      expect(element.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-[0-9a-f]{8}$/);
      expect(element.guid.slice(-8)).toBe(Number(element.elementId).toString(16).padStart(8, '0'));
      expect(inside(element.boundingBox, building.boundingBox)).toBe(true);
      for (const solid of element.solids) expect(inside(solid.box, element.boundingBox)).toBe(true);
    }
  },
);

test('the building has every part a page filters on: walls, floors, columns, doors, windows, a roof, stairs; a few hundred elements', () => {
  const building = generateBuilding('10001');
  const count = (categoryId: string) => building.elements.filter((element) => element.categoryId === categoryId).length;
  const storeys = building.levels.length - 1;
  expect(building.levels.map((level) => level.name)).toEqual([
    ...Array.from({ length: storeys }, (_, index) => `F${index + 1}`),
    'Roof',
  ]);
  expect(count(CATEGORIES.floors.id)).toBe(storeys);
  expect(count(CATEGORIES.roofs.id)).toBe(1);
  expect(count(CATEGORIES.stairs.id)).toBe(storeys - 1);
  for (const key of ['walls', 'columns', 'doors', 'windows'] as const)
    expect(count(CATEGORIES[key].id)).toBeGreaterThan(storeys);
  expect(building.elements.length).toBeGreaterThan(150);
  expect(building.elements.length).toBeLessThan(1000);
});

test.each([
  [{ levels: 1 }, 2],
  [{ levels: 12 }, 13],
])('config levels %j: that many storeys and a roof level', (options, levels) => {
  expect(generateBuilding('10001', options).levels).toHaveLength(levels);
});

test('the largest building the config allows (12 levels, 60 m × 60 m) stays a few thousand elements', () => {
  const building = generateBuilding('10001', { levels: 12, footprint: { width: 60_000, depth: 60_000 } });
  expect(building.boundingBox.max.x - building.boundingBox.min.x).toBe(60_600);
  expect(building.elements.length).toBeLessThan(5_000);
});

test('a footprint shapes the plan: the grid spans it in bays near 7.2 m', () => {
  const shape = toBuildingShape('10001', { footprint: { width: 30_000, depth: 12_000 } });
  expect(shape.gridX).toEqual([0, 7_500, 15_000, 22_500, 30_000]);
  expect(shape.gridY).toEqual([0, 6_000, 12_000]);
});

test('the seeded source is the same sequence for the same seed, in [0, 1)', () => {
  const [a, b] = [createSeeded('s'), createSeeded('s')];
  const draws = Array.from({ length: 100 }, () => a.next());
  expect(Array.from({ length: 100 }, () => b.next())).toEqual(draws);
  expect(draws.every((value) => value >= 0 && value < 1)).toBe(true);
  expect(createSeeded('t').next()).not.toBe(draws[0]);
});

test("an element's answer has the platform's fields; an id the model lacks has none", () => {
  const building = generateBuilding('10001');
  const wall = building.elements.find((element) => element.categoryId === CATEGORIES.walls.id);
  expect(toElementAnswer(building, wall?.elementId ?? '')).toEqual({
    boundingBox: wall?.boundingBox,
    elementId: wall?.elementId,
    familyGuid: wall?.familyGuid,
    guid: wall?.guid,
    name: 'Exterior - 250mm',
    properties: wall?.properties,
  });
  expect(wall?.properties.map((group) => group.group)).toEqual([
    'Basic',
    'Constraints',
    'Dimensions',
    'Identity Data',
    'Phasing',
  ]);
  expect(wall?.properties[0]?.items).toEqual([
    { key: 'Category', value: 'Walls', unit: '', valueType: 1 },
    { key: 'Family', value: 'Basic Wall', unit: '', valueType: 4 },
    { key: 'Family Type', value: 'Exterior - 250mm', unit: '', valueType: 4 },
    { key: 'Level', value: wall?.levelName, unit: '', valueType: 1 },
  ]);
  expect(toElementAnswer(building, '1')).toBeUndefined();
});

test('floors: levels lowest first with elevations and heights in mm; rooms only when asked, each with its outline and walls', () => {
  const building = generateBuilding('10001');
  const floors = toFloorsAnswer(building, true);
  expect(floors.map((floor) => floor.elevation)).toEqual(
    [...floors.map((floor) => floor.elevation)].sort((a, b) => a - b),
  );
  expect(floors[0]).toMatchObject({ name: 'F1', elevation: 0, archElev: 0, structElev: 0, areas: null, miniMap: null });
  expect(floors[1]?.elevation).toBe(floors[0]?.height);
  const room = floors[0]?.rooms?.[0];
  expect(room?.boundary.loops[0]).toHaveLength(4);
  expect(room?.boundarySegments.every((id) => building.elements.some((element) => element.elementId === id))).toBe(
    true,
  );
  expect(toFloorsAnswer(building, false).every((floor) => floor.rooms === null)).toBe(true);
});

test('the tree counts every element once under its floor, category, family and type', () => {
  const building = generateBuilding('10001');
  const tree = toTreeAnswer(building);
  const leaves = tree.items.flatMap((floor) =>
    floor.items.flatMap((category) => category.items.flatMap((family) => family.items)),
  );
  expect(leaves.every((leaf) => leaf.type === 'type' && leaf.items.length === 0)).toBe(true);
  expect(leaves.reduce((sum, leaf) => sum + leaf.elementCount, 0)).toBe(building.elements.length);
  expect(tree.items.map((floor) => floor.name)).toEqual(building.levels.map((level) => level.name));
});
