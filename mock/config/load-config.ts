import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MockConfig } from './config-check';
import { toMockConfig } from './config-check';
import { ConfigError } from './config-error';
import { resolveModelFiles } from './load-model-files';
import { loadRulesFile } from './rules-file';

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
  const { ruleFiles, rest } = takeRuleFiles(parsed, file);
  // Model files are read when the server starts (mock/config/load-model-files.ts), a bad one stopping it.
  const config = resolveModelFiles(toMockConfig(rest, `--config ${file}`), path.dirname(file));
  const sessionRules = ruleFiles.map((name, index) =>
    loadRulesFile(path.resolve(path.dirname(file), name), `--config ${file}: ruleFiles[${index}] ${name}`),
  );
  return Object.assign(config, { sessionRules });
}

/** The config's `ruleFiles` (checked: names of files), and the rest for toMockConfig. */
function takeRuleFiles(parsed: unknown, file: string): { ruleFiles: readonly string[]; rest: unknown } {
  if (typeof parsed !== 'object' || parsed === null || !('ruleFiles' in parsed)) return { ruleFiles: [], rest: parsed };
  const { ruleFiles, ...rest } = parsed as Record<string, unknown>;
  const names = Array.isArray(ruleFiles) ? (ruleFiles as unknown[]) : undefined;
  if (names === undefined || names.length === 0 || names.some((name) => typeof name !== 'string' || name === ''))
    throw new ConfigError(
      `--config ${file}: ruleFiles: expected a non-empty array of file paths (from the config file's folder), not ${JSON.stringify(ruleFiles)}`,
    );
  return { ruleFiles: names as string[], rest };
}
