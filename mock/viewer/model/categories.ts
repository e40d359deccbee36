// The platform's category ids (Revit's built-in categories) of what the generated building has, with
// the family and type names its elements carry and the specialty the model tree groups them under.

export const CATEGORIES = {
  walls: { id: '-2000011', name: 'Walls', specialty: 'Architecture' },
  floors: { id: '-2000032', name: 'Floors', specialty: 'Architecture' },
  columns: { id: '-2000100', name: 'Columns', specialty: 'Architecture' },
  doors: { id: '-2000023', name: 'Doors', specialty: 'Architecture' },
  windows: { id: '-2000014', name: 'Windows', specialty: 'Architecture' },
  roofs: { id: '-2000035', name: 'Roofs', specialty: 'Architecture' },
  stairs: { id: '-2000120', name: 'Stairs', specialty: 'Architecture' },
  structuralColumns: { id: '-2001330', name: 'Structural Columns', specialty: 'Structure' },
  structuralFloors: { id: '-2000032', name: 'Floors', specialty: 'Structure' },
} as const;

export type CategoryKey = keyof typeof CATEGORIES;

/** A family and one of its types, as an element names them. */
export interface FamilyType {
  category: CategoryKey;
  family: string;
  familyType: string;
}

export const FAMILY_TYPES = {
  exteriorWall: { category: 'walls', family: 'Basic Wall', familyType: 'Exterior - 250mm' },
  interiorWall: { category: 'walls', family: 'Basic Wall', familyType: 'Interior - 120mm Partition' },
  slab: { category: 'floors', family: 'Floor', familyType: 'Generic - 200mm' },
  column: { category: 'columns', family: 'Rectangular Column', familyType: '500 x 500mm' },
  entrance: { category: 'doors', family: 'Double-Glass Door', familyType: '1800 x 2400mm' },
  door: { category: 'doors', family: 'Single-Flush', familyType: '900 x 2100mm' },
  window: { category: 'windows', family: 'Fixed', familyType: '1500 x 1500mm' },
  roof: { category: 'roofs', family: 'Basic Roof', familyType: 'Generic - 400mm' },
  stair: { category: 'stairs', family: 'Assembled Stair', familyType: '190mm max riser 280mm going' },
} as const satisfies Record<string, FamilyType>;
