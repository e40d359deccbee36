// One discipline's part of a building, as the files of an integrated model split it: the architectural
// model (walls, doors, windows, roof, stairs, rooms) and the structural one (slabs and columns, the
// columns as Structural Columns). Both keep the whole building's element ids, levels and boxes, so the
// two files drawn together are the building again and `fileId.elementId` names each part.
import { unionOf } from './boxes';
import type { CategoryKey } from './categories';
import { CATEGORIES } from './categories';
import type { BuildingModel, ModelElement } from './model-types';

export const DISCIPLINES = ['architecture', 'structure'] as const;
export type Discipline = (typeof DISCIPLINES)[number];

/** What the structural model holds, and what each becomes there. */
const STRUCTURAL: ReadonlyMap<string, CategoryKey> = new Map([
  [CATEGORIES.floors.id, 'structuralFloors'],
  [CATEGORIES.columns.id, 'structuralColumns'],
]);

/** An element as the structural model has it: its category, and the Category property, renamed. */
function toStructural(element: ModelElement, key: CategoryKey): ModelElement {
  const category = CATEGORIES[key];
  return {
    ...element,
    categoryId: category.id,
    categoryName: category.name,
    specialty: category.specialty,
    properties: element.properties.map((group) => ({
      ...group,
      items: group.items.map((item) => (item.key === 'Category' ? { ...item, value: category.name } : item)),
    })),
  };
}

/**
 * The discipline's part of a whole building.
 * @example toDiscipline(generateBuilding('20001'), 'structure').elements.every((element) => element.specialty === 'Structure')
 */
export function toDiscipline(building: BuildingModel, discipline: Discipline): BuildingModel {
  const structural = discipline === 'structure';
  const elements = building.elements.flatMap((element) => {
    const key = STRUCTURAL.get(element.categoryId);
    if (structural) return key === undefined ? [] : [toStructural(element, key)];
    return key === undefined ? [element] : [];
  });
  return {
    ...building,
    source: `${building.source} (${discipline})`,
    rooms: structural ? [] : building.rooms,
    elements,
    boundingBox: unionOf(elements.map((element) => element.boundingBox)),
  };
}
