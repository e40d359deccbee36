// A model's drawing: one floor plan per storey (or the sheets the config names), derived from what
// every element keeps, its level and its box: the elements a plan cuts, the column grid with its
// bubbles, dimensions along the bays, room names and the sheet's title.
import type { BuildingModel, Level, ModelElement } from './model-types';
import type { DrawingEntity, DrawingSheet, Point2, SheetSetting, SheetSummary } from './drawing-types';
import { isDrawnOnPlan, toPlanEntities } from './plan-entities';
import { PLAN_LAYER_LIST } from './plan-layers';
import { toAnnotations } from './plan-annotations';

/** Sheet ids are numbers as the platform's drawing ids are, from here on, in sheet order. */
const FIRST_SHEET_ID = 880_001;

/** What a plan of a level is made from: the level, and the sheet's id and name. */
interface PlannedSheet {
  id: string;
  name: string;
  level: Level;
}

/** The levels a plan can cut: those on which some element a plan draws stands. */
function planLevels(model: BuildingModel): Level[] {
  const drawn = new Set(
    model.elements.filter((element) => isDrawnOnPlan(element.categoryId)).map((element) => element.levelId),
  );
  return model.levels.filter((level) => drawn.has(level.id));
}

/**
 * Why the config's sheets cannot be drawn from this model (a level it lacks), or undefined.
 * @example checkSheetSettings(generateBuilding('1', { levels: 2 }), [{ name: 'A-103', level: 'F3' }]) // 'sheet "A-103" names level F3: …'
 */
export function checkSheetSettings(model: BuildingModel, settings: readonly SheetSetting[]): string | undefined {
  const names = planLevels(model).map((level) => level.name);
  const wrong = settings.find((setting) => !names.includes(setting.level));
  if (wrong === undefined) return undefined;
  return `sheet "${wrong.name}" names level ${wrong.level}: this model's plans are of ${names.join(', ') || 'no level'}`;
}

function toPlanned(model: BuildingModel, settings: readonly SheetSetting[] | undefined): PlannedSheet[] {
  const levels = planLevels(model);
  const chosen =
    settings === undefined
      ? levels.map((level) => ({ level, name: `${level.name} Floor Plan` }))
      : settings.flatMap((setting) => {
          const level = levels.find((candidate) => candidate.name === setting.level);
          return level === undefined ? [] : [{ level, name: setting.name }];
        });
  return chosen.map((sheet, index) => ({ ...sheet, id: String(FIRST_SHEET_ID + index) }));
}

/** The plan of one level: its elements' entities, then its annotation (grid, dimensions, text). */
function toSheet(model: BuildingModel, planned: PlannedSheet): DrawingSheet {
  const onLevel = model.elements.filter(
    (element) => element.levelId === planned.level.id && isDrawnOnPlan(element.categoryId),
  );
  const footprint = footprintOf(onLevel);
  const entities: DrawingEntity[] = onLevel.flatMap((element) =>
    toPlanEntities(element.categoryId, element.boundingBox, element.elementId),
  );
  const annotations = toAnnotations({
    footprint,
    columns: onLevel.filter((element) => /Columns$/.test(element.categoryName)),
    rooms: model.rooms.filter((room) => room.levelId === planned.level.id),
    title: planned.name,
  });
  const layerOrder = PLAN_LAYER_LIST.map((layer) => layer.id);
  const ordered = [...entities, ...annotations.entities].sort(
    (a, b) => layerOrder.indexOf(a.layer) - layerOrder.indexOf(b.layer),
  );
  return {
    id: planned.id,
    name: planned.name,
    levelName: planned.level.name,
    frame: annotations.frame,
    layers: PLAN_LAYER_LIST.map((layer) => ({ ...layer })),
    entities: ordered,
  };
}

/** The plan extent of elements (mm). */
function footprintOf(elements: readonly ModelElement[]): { min: Point2; max: Point2 } {
  const xs = elements.flatMap((element) => [element.boundingBox.min.x, element.boundingBox.max.x]);
  const ys = elements.flatMap((element) => [element.boundingBox.min.y, element.boundingBox.max.y]);
  return { min: { x: Math.min(...xs), y: Math.min(...ys) }, max: { x: Math.max(...xs), y: Math.max(...ys) } };
}

/**
 * The model's sheets: a plan of every storey, or the config's (`[{ name, level }]`), in that order.
 * @example toDrawingSheets(generateBuilding('10001'))[0].name // 'F1 Floor Plan'
 */
export function toDrawingSheets(model: BuildingModel, settings?: readonly SheetSetting[]): DrawingSheet[] {
  return toPlanned(model, settings).map((planned) => toSheet(model, planned));
}

/** What the sheet list says of each sheet (without its entities). */
export function toSheetSummaries(sheets: readonly DrawingSheet[]): SheetSummary[] {
  return sheets.map(({ id, name, levelName, frame }) => ({
    id,
    name,
    ...(levelName === undefined ? {} : { levelName }),
    frame,
  }));
}
