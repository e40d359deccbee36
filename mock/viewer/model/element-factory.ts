// Makes the generated building's elements one after another: numeric ids in order (so the same seed
// gives the same ids), Revit-shaped GUIDs, bounding boxes from the solids, and their properties.
import { sizeOf, unionOf } from './boxes';
import type { FamilyType } from './categories';
import { CATEGORIES } from './categories';
import { toPropertyGroups } from './element-properties';
import type { Level, ModelElement, Solid } from './model-types';
import type { Seeded } from './seeded';

/** Where ids start (the platform's element ids are Revit's, six or seven digits). */
const FIRST_ELEMENT_ID = 310_000;

export interface ElementFactory {
  /** An element of a family type on a level (or none), made of these solids. */
  make(type: FamilyType, level: Level | undefined, solids: Solid[]): ModelElement;
}

/** A GUID as Revit writes an element's: a UUID, then the element id in eight hex digits. */
function revitGuid(random: Seeded, elementId: number): string {
  const uuid = `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${'89ab'[random.int(0, 3)]}${random.hex(3)}-${random.hex(12)}`;
  return `${uuid}-${elementId.toString(16).padStart(8, '0')}`;
}

/** The element factory of one building (its own id counter and GUID source). */
export function createElementFactory(random: Seeded): ElementFactory {
  let nextId = FIRST_ELEMENT_ID;
  const familyGuids = new Map<string, string>();
  const marks = new Map<string, number>();
  return {
    make(type, level, solids) {
      // Ids step by a few, as a real model's do (deleted elements leave gaps).
      nextId += random.int(1, 7);
      const category = CATEGORIES[type.category];
      const boundingBox = unionOf(solids.map((solid) => solid.box));
      const guid = revitGuid(random, nextId);
      const familyKey = `${type.family}/${type.familyType}`;
      if (!familyGuids.has(familyKey)) familyGuids.set(familyKey, revitGuid(random, 0).slice(0, 36));
      const mark = (marks.get(category.id) ?? 0) + 1;
      marks.set(category.id, mark);
      const volumeMm3 = solids.reduce((sum, solid) => {
        const size = sizeOf(solid.box);
        return sum + size.x * size.y * size.z;
      }, 0);
      const element = {
        elementId: String(nextId),
        name: type.familyType,
        categoryId: category.id,
        categoryName: category.name,
        family: type.family,
        familyType: type.familyType,
        levelId: level?.id,
        levelName: level?.name,
        specialty: category.specialty,
        guid,
        familyGuid: familyGuids.get(familyKey) as string,
        boundingBox,
        solids,
      };
      return {
        ...element,
        properties: toPropertyGroups({ ...element, volumeMm3, mark: `${category.name.charAt(0)}-${mark}` }),
      };
    },
  };
}
