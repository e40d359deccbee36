// The property groups of a generated element, as `getComponentProperty` returns them: `{group,
// items: [{key, value, unit, valueType}]}`, named as an English Revit model names them.
import { sizeOf } from './boxes';
import type { BoundingBox, PropertyGroup, PropertyItem, ValueType } from './model-types';

const item = (key: string, value: string | number, unit: string, valueType: ValueType): PropertyItem => ({
  key,
  value,
  unit,
  valueType,
});

/** Rounds to two decimals (areas in m², volumes in m³). */
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** What an element's properties are made from. */
export interface PropertySource {
  elementId: string;
  categoryName: string;
  family: string;
  familyType: string;
  levelName: string | undefined;
  guid: string;
  boundingBox: BoundingBox;
  /** Its solids' volume, mm³. */
  volumeMm3: number;
  mark: string;
}

/** The groups: Basic (category, family, type, level), Constraints, Dimensions, Identity Data, Phasing. */
export function toPropertyGroups(source: PropertySource): PropertyGroup[] {
  const size = sizeOf(source.boundingBox);
  const length = Math.max(size.x, size.y);
  const width = Math.min(size.x, size.y);
  return [
    {
      group: 'Basic',
      items: [
        item('Category', source.categoryName, '', 1),
        item('Family', source.family, '', 4),
        item('Family Type', source.familyType, '', 4),
        item('Level', source.levelName ?? '', '', 1),
      ],
    },
    {
      group: 'Constraints',
      items: [
        item('Base Constraint', source.levelName ?? '', '', 1),
        item('Base Offset', 0, 'mm', 2),
        item('Unconnected Height', Math.round(size.z), 'mm', 2),
      ],
    },
    {
      group: 'Dimensions',
      items: [
        item('Length', Math.round(length), 'mm', 2),
        item('Width', Math.round(width), 'mm', 2),
        item('Area', round2((length * size.z) / 1e6), 'm²', 2),
        item('Volume', round2(source.volumeMm3 / 1e9), 'm³', 2),
      ],
    },
    {
      group: 'Identity Data',
      items: [
        item('Type Name', source.familyType, '', 4),
        item('Mark', source.mark, '', 1),
        item('IfcGUID', source.guid, '', 3),
      ],
    },
    { group: 'Phasing', items: [item('Phase Created', 'New Construction', '', 4)] },
  ];
}
