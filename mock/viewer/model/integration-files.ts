// The files of an integrated model: the config's or catalog's list, or by default the two files of
// one building generated from the integration's id (its architecture and its structure); and the
// files put together as one model whose element ids are `fileId.elementId`, as the platform names
// an integrated model's components.
import { unionOf } from './boxes';
import type { Discipline } from './disciplines';
import { DISCIPLINES } from './disciplines';
import type { BuildingModel, Level, ModelElement } from './model-types';
import { hashSeed } from './seeded';

/** A file of an integration as the config, the catalog or the default names it. */
export interface IntegrationFileSpec {
  fileId: string;
  /** Its name where the config or catalog gives one. */
  name: string | undefined;
}

const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * The default files of integration `integrateId`: its id followed by 1 and 2 (for an id too long for
 * that, two ids derived from it), the architecture and the structure of its building.
 * @example defaultIntegrationFiles('20001').map((file) => file.fileId) // ['200011', '200012']
 */
export function defaultIntegrationFiles(integrateId: string): IntegrationFileSpec[] {
  const base = BigInt(integrateId) * 10n;
  const fits = base + 2n <= INT64_MAX;
  const derived = 100_000_000 + (hashSeed(`integration:${integrateId}`) % 800_000_000) * 10;
  return DISCIPLINES.map((discipline, index) => ({
    fileId: String(fits ? base + BigInt(index + 1) : derived + index + 1),
    name: `integration-${integrateId}-${discipline}.rvt`,
  }));
}

/**
 * The discipline a file of an integration without a model of its own shows: the integration's
 * building split, the first file its architecture, the second its structure; further files none
 * (they show the building generated from their own id).
 */
export function disciplineAt(index: number): Discipline | undefined {
  return DISCIPLINES[index];
}

/** An integration's file, joined to its model. */
export interface FileModel {
  fileId: string;
  model: BuildingModel;
}

/** Levels of several files as one list: one per name, the lowest elevation first (the first file's id kept). */
function mergeLevels(files: readonly FileModel[]): Level[] {
  const byName = new Map<string, Level>();
  for (const { model } of files)
    for (const level of model.levels) if (!byName.has(level.name)) byName.set(level.name, level);
  return [...byName.values()].sort((a, b) => a.elevation - b.elevation);
}

/**
 * The files as one model: element ids `fileId.elementId`, levels merged by name (each element keeps
 * its level's merged id), rooms of every file. What the integration's floors, tree and drawing read.
 * @example combineFiles([{ fileId: '200011', model }]).elements[0].elementId // '200011.310004'
 */
export function combineFiles(files: readonly FileModel[], source: string): BuildingModel {
  const levels = mergeLevels(files);
  const levelId = new Map(levels.map((level) => [level.name, level.id]));
  const elements: ModelElement[] = files.flatMap(({ fileId, model }) =>
    model.elements.map((element) => ({
      ...element,
      elementId: `${fileId}.${element.elementId}`,
      levelId: element.levelName === undefined ? undefined : levelId.get(element.levelName),
    })),
  );
  const rooms = files.flatMap(({ model }) =>
    model.rooms.map((room) => {
      const name = model.levels.find((level) => level.id === room.levelId)?.name;
      return { ...room, levelId: (name === undefined ? undefined : levelId.get(name)) ?? room.levelId };
    }),
  );
  return {
    source,
    levels,
    rooms,
    elements,
    boundingBox: unionOf(elements.map((element) => element.boundingBox)),
  };
}
