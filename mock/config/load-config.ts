import { readFileSync } from 'node:fs';
import type { MockConfig } from './config-check';
import { toMockConfig } from './config-check';
import { ConfigError } from './config-error';

export type { MockConfig, MockConfigInput } from './config-check';
export { toMockConfig } from './config-check';

/** Reads and checks a JSON config file; every problem names the file and the field. */
export function loadConfigFile(path: string): MockConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `--config ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`--config ${path}: not valid JSON (${(error as Error).message})`);
  }
  return toMockConfig(parsed, `--config ${path}`);
}
