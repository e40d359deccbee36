import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MockConfig } from './config-check';
import { ConfigError } from './config-error';
import type { ModelSpecs } from '../viewer/model/model-catalog';
import type { ModelFileReader } from './model-specs';
import { toModelSpecs } from './model-specs';
import { readGltfModel } from '../viewer/model/gltf-model';

/** The config's model files as paths from `baseDir` (the config file's folder): relative paths are the file's. */
export function resolveModelFiles(config: MockConfig, baseDir: string): MockConfig {
  const models = new Map(
    [...config.models].map(([key, setting]) => [
      key,
      setting.kind === 'file' ? { ...setting, file: path.resolve(baseDir, setting.file) } : setting,
    ]),
  );
  return Object.assign(config, { models });
}

/**
 * Reads and checks every model file the config names (a .glb or a self-contained .gltf whose
 * component nodes carry `extras.elementId`), with the config's other model specs: what the model
 * catalog serves. A file that cannot be read, is not glTF 2.0 or has no (or duplicate) element ids is
 * a ConfigError naming it and why.
 */
export function loadModelSpecs(config: MockConfig): ModelSpecs {
  return toModelSpecs(config, readModelFile);
}

const readModelFile: ModelFileReader = (setting) => {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(setting.file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`${setting.where}: cannot read the model file ${setting.file} (${reason})`);
  }
  const reading = readGltfModel(bytes, path.basename(setting.file));
  if (reading.kind === 'invalid')
    throw new ConfigError(`${setting.where}: the model file ${setting.file} cannot be served: ${reading.reason}`);
  return {
    kind: 'given',
    file: setting.file,
    model: reading.model,
    bytes,
    format: reading.format,
    sheets: setting.sheets,
  };
};
