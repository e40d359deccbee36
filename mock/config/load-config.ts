import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MockConfig } from './config-check';
import { toMockConfig } from './config-check';
import { ConfigError } from './config-error';
import { resolveModelFiles } from './load-model-files';

export type { MockConfig, MockConfigInput } from './config-check';
export { toMockConfig } from './config-check';

/** Reads and checks a JSON config file; every problem names the file and the field. */
export function loadConfigFile(file: string): MockConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `--config ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`--config ${file}: not valid JSON (${(error as Error).message})`);
  }
  // Model files are read when the server starts (mock/config/load-model-files.ts), a bad one stopping it.
  return resolveModelFiles(toMockConfig(parsed, `--config ${file}`), path.dirname(file));
}
