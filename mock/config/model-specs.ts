import type { MockConfig } from './config-check';
import { ConfigError } from './config-error';
import { checkSheetSettings } from '../viewer/model/drawing-sheets';
import type { SheetSetting } from '../viewer/model/drawing-types';
import { generateBuilding } from '../viewer/model/generate-building';
import type { BuildingModel } from '../viewer/model/model-types';
import type { ModelSetting, ModelSpec, ModelSpecs } from '../viewer/model/model-catalog';

/** Reads the team's model file a setting names (the server's way); throws a ConfigError naming it. */
export type ModelFileReader = (
  setting: Extract<ModelSetting, { kind: 'file' }>,
) => Extract<ModelSpec, { kind: 'given' }>;

/**
 * The specs the model catalog serves, from the config's objects and its catalog's integrations: a
 * generated building's shape as given, a team's file through `readFile`, an integration's files. The
 * sheets a config names are checked against the model's levels here, at start-up.
 * @example toModelSpecs(toMockConfig(input), readModelFile)
 */
export function toModelSpecs(config: MockConfig, readFile: ModelFileReader): ModelSpecs {
  const specs = new Map<string, ModelSpec>();
  for (const integration of config.catalog?.integrations ?? []) {
    const names = new Map(config.catalog?.files.map((file) => [file.id as string, file.name]));
    const files = integration.fileIds.map((fileId) => ({ fileId: fileId as string, name: names.get(fileId) }));
    specs.set(`integrateId:${integration.id}`, { kind: 'integration', files });
  }
  for (const [key, setting] of config.models) {
    const spec = setting.kind === 'file' ? readFile(setting) : setting;
    if (spec.kind !== 'integration' && spec.sheets !== undefined)
      checkSheets(
        spec.kind === 'given' ? spec.model : generateBuilding(key.split(':')[1] ?? '', spec.options),
        spec.sheets,
        key,
      );
    specs.set(key, spec);
  }
  return specs;
}

function checkSheets(model: BuildingModel, sheets: readonly SheetSetting[], key: string): void {
  const problem = checkSheetSettings(model, sheets);
  const [parameter, id] = key.split(':');
  if (problem !== undefined) throw new ConfigError(`config: objects.${parameter}.${id}.model.sheets: ${problem}`);
}

/** Where a team's model file cannot be read (MSW in a browser): the setting refused, naming it. */
export const noModelFiles: ModelFileReader = (setting) => {
  throw new ConfigError(
    `${setting.where}: ${setting.file} cannot be read here (MSW has no file system); give the model's shape (levels, footprint, seed) or run the mock's server`,
  );
};
