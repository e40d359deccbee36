// Conditions on components' object data, as the SDK's `…ByObjectData` calls take them: an array of
// objects, OR between them, AND within one (`[{ levelName: 'F1', categoryId: -2000011 }]`); a lone
// object is one condition. Keys: categoryId, family, familyType, levelName, specialty (and name).
import { refuse } from './lacking';
import type { SceneElement } from './scene-view';
import { describe } from './viewer-state';

const OBJECT_DATA_KEYS = [
  'categoryId',
  'categoryName',
  'family',
  'familyType',
  'levelName',
  'specialty',
  'name',
] as const;

/** The conditions a page gave, checked: objects whose keys the components have. */
export function toConditions(call: string, conditions: unknown): Record<string, unknown>[] {
  const list = Array.isArray(conditions) ? (conditions as unknown[]) : [conditions];
  if (list.length === 0 || !list.every((condition) => typeof condition === 'object' && condition !== null))
    refuse(call, `takes object-data conditions such as [{ levelName: 'F1' }], got ${describe(conditions)}`);
  for (const condition of list as Record<string, unknown>[]) {
    const unknown = Object.keys(condition).find((key) => !(OBJECT_DATA_KEYS as readonly string[]).includes(key));
    if (unknown !== undefined) refuse(call, `a condition's keys are ${OBJECT_DATA_KEYS.join(', ')}; got "${unknown}"`);
  }
  return list as Record<string, unknown>[];
}

/** The ids of the elements matching any of the conditions. */
export function matchingIds(
  elements: readonly SceneElement[],
  conditions: readonly Record<string, unknown>[],
): string[] {
  return elements
    .filter((element) =>
      conditions.some((condition) =>
        Object.entries(condition).every(
          ([key, value]) => String((element as unknown as Record<string, unknown>)[key]) === String(value),
        ),
      ),
    )
    .map((element) => element.objectId);
}

/** What `getObjectDataById` answers for an element (with its file in an integrated model). */
export function toObjectData(element: SceneElement): Record<string, string | undefined> {
  const { objectId, elementId, fileId, name, categoryId, categoryName, family, familyType, levelName, specialty } =
    element;
  return { objectId, elementId, fileId, name, categoryId, categoryName, family, familyType, levelName, specialty };
}
