import { parseArgs } from 'node:util';
import type { CatalogSizes } from '../catalog/generate-catalog';
import { DEFAULT_CATALOG_SIZES, generateCatalog } from '../catalog/generate-catalog';
import { ConfigError } from '../config/config-error';

const SIZE_FLAGS = {
  apps: 'apps',
  files: 'files',
  integrations: 'integrations',
  comparisons: 'comparisons',
  scenes: 'scenes',
  submodels: 'submodels',
  'clash-detections': 'clashDetections',
  'module-data': 'moduleData',
} as const satisfies Record<string, keyof CatalogSizes>;

/** `view-token-mock catalog --help`. */
export function catalogHelp(): string {
  return [
    'view-token-mock catalog: print a realistic object catalog (a config file for --config), made with faker',
    '',
    'Usage: view-token-mock catalog [--seed N] [--apps 2] [--files 20] [--integrations 3] [--comparisons 3]',
    '                               [--scenes 3] [--submodels 3] [--clash-detections 2] [--module-data 2]',
    '',
    'The same seed gives the same catalog. Serve it as a closed world:',
    '  view-token-mock catalog --seed 42 > catalog.json && view-token-mock --config catalog.json',
  ].join('\n');
}

/** Runs `view-token-mock catalog …` and returns the JSON text to print. */
export function runCatalogCommand(args: readonly string[]): string {
  const options = {
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    ...Object.fromEntries(Object.keys(SIZE_FLAGS).map((flag) => [flag, { type: 'string' }])),
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...args], options: options as never, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ConfigError(`catalog: ${(error as Error).message.split('\n')[0]} (see catalog --help)`);
  }
  if (values.help) return catalogHelp();
  const seed = toCount(values.seed as string | undefined, '--seed', 1, 0, 2 ** 32 - 1);
  const sizes = { ...DEFAULT_CATALOG_SIZES };
  for (const [flag, key] of Object.entries(SIZE_FLAGS) as [keyof typeof SIZE_FLAGS, keyof CatalogSizes][]) {
    sizes[key] = toCount(
      values[flag] as string | undefined,
      `--${flag}`,
      DEFAULT_CATALOG_SIZES[key],
      key === 'apps' || key === 'files' ? 1 : 0,
      10_000,
    );
  }
  return JSON.stringify(generateCatalog(seed, sizes), null, 2);
}

function toCount(raw: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new ConfigError(`catalog ${flag} ${raw}: expected an integer from ${min} to ${max}`);
  return Number(raw);
}
