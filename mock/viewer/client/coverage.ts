// What the stand-in covers, read from its own objects (the namespace it defines, the v3 model and
// camera objects): every class with its methods, every config factory, every event enum. The
// coverage page (docs/reference/viewer-coverage.md) is written from this, so it cannot drift.
import { Camera3D } from './camera-3d';
import { methodsOf } from './lacking';
import { Model3D } from './model-3d';
import { createGlodon } from './namespace';
import { V3_ONLY_EVENTS, V3_ONLY_METHODS } from './generations';

export interface Coverage {
  classes: { path: string; methods: { name: string; generation: '3.6.x and v3' | 'v3' }[] }[];
  factories: string[];
  enums: { path: string; events: { name: string; generation: '3.6.x and v3' | 'v3' }[] }[];
}

/** Config factories are named `…Config`; every other function of the namespace is a class. */
const isClass = (path: string, value: unknown): value is { prototype: object } =>
  typeof value === 'function' && !path.endsWith('Config');

/** Walks the namespace: classes (functions whose prototype has methods), factories, enums (all string values). */
export function describeCoverage(): Coverage {
  const coverage: Coverage = { classes: [], factories: [], enums: [] };
  const visit = (path: string, value: unknown): void => {
    if (isClass(path, value)) {
      const generation = path.endsWith('.Viewer3D') ? (name: string) => V3_ONLY_METHODS.includes(name) : () => false;
      coverage.classes.push({
        path,
        methods: methodsOf(value.prototype).map((name) => ({
          name,
          generation: generation(name) ? 'v3' : '3.6.x and v3',
        })),
      });
      return;
    }
    if (typeof value === 'function') return void coverage.factories.push(path);
    if (typeof value !== 'object' || value === null) return;
    const entries = Object.entries(value);
    if (entries.length > 0 && entries.every(([key, item]) => key === item)) {
      coverage.enums.push({
        path,
        events: entries.map(([name]) => ({ name, generation: V3_ONLY_EVENTS.includes(name) ? 'v3' : '3.6.x and v3' })),
      });
      return;
    }
    for (const [key, item] of entries) if (key !== 'StandIn') visit(`${path}.${key}`, item);
  };
  visit('Glodon', createGlodon());
  for (const [path, value] of [
    ['viewer3D.getModel(modelId) (Model3D)', Model3D],
    ['viewer3D.getCamera() (Camera3D)', Camera3D],
  ] as const)
    coverage.classes.push({
      path,
      methods: methodsOf(value.prototype).map((name) => ({ name, generation: 'v3' as const })),
    });
  return coverage;
}
