// The drawing viewer's plan: three rooms, each one component a page can select, colour or hide (the
// 3D viewer draws the object's model instead). Ids are the stand-in's own; a page's real element ids
// are kept in the viewer's state all the same.

/** One component of the placeholder: its ids, the object data pages filter on, and where it is drawn. */
export interface StandInComponent {
  elementId: string;
  name: string;
  levelName: string;
  categoryId: string;
  family: string;
  /** SVG polygon points in the placeholder's 400 × 300 view box. */
  points: string;
  /** Where a click on it lands, in model units. */
  world: { x: number; y: number; z: number };
}

const face = (
  elementId: string,
  name: string,
  levelName: string,
  categoryId: string,
  family: string,
  points: string,
  world: StandInComponent['world'],
): StandInComponent => ({ elementId, name, levelName, categoryId, family, points, world });

const rect = (x: number, y: number, width: number, height: number): string =>
  `${x},${y} ${x + width},${y} ${x + width},${y + height} ${x},${y + height}`;

/** A floor plan: three rooms inside the sheet's frame. */
export const PLAN: readonly StandInComponent[] = [
  face('2001', 'Room 101', 'F1', 'room', 'Room', rect(70, 80, 140, 100), { x: 7000, y: 13000, z: 0 }),
  face('2002', 'Room 102', 'F1', 'room', 'Room', rect(210, 80, 120, 100), { x: 27000, y: 13000, z: 0 }),
  face('2003', 'Corridor', 'F1', 'room', 'Corridor', rect(70, 180, 260, 60), { x: 20000, y: 21000, z: 0 }),
];

/** The sheet's frame (not a component: `getDrawingFrame` reports it). */
export const FRAME = {
  id: 'frame-1',
  points: rect(50, 60, 300, 200),
  boundingBox: { min: { x: 0, y: 0 }, max: { x: 42000, y: 29700 } },
} as const;
