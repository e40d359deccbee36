import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../options';

/** The differ `view-token-contracts diff` is built on: an optional peer (package.json holds the same range). */
export const DIFFER_PACKAGE = { name: 'api-smart-diff', range: '^1.0.6' } as const;

/** The part of api-smart-diff the command uses (its own types stay out of the contracts' declarations). */
export interface Differ {
  version: string;
  apiCompare: (before: unknown, after: unknown, options?: Record<string, unknown>) => DifferResult;
  openapi3Rules: (options?: Record<string, unknown>) => Record<string, unknown>;
  contentMediaTypeMappingResolver: unknown;
}

/** One change as the differ classifies it; `path` is a path in its merged document. */
export interface DifferChange {
  type: 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated';
  action: 'add' | 'remove' | 'replace' | 'rename';
  path: (string | number)[];
  before?: unknown;
  after?: unknown;
  description?: string;
}

interface DifferResult {
  diffs: DifferChange[];
  merged: unknown;
}

/** Where a package resolves from here, and its version; undefined when it does not resolve. */
export type FindPackage = (name: string) => { version: string } | undefined;

/**
 * Loads the differ, or throws one UsageError naming the package, the version wanted and the command
 * that installs it (not installed, or another major).
 * @example const differ = loadDiffer(); differ.apiCompare(oldSpec, newSpec)
 */
export function loadDiffer(find: FindPackage = findPackage): Differ {
  const { name, range } = DIFFER_PACKAGE;
  const found = find(name);
  // The range is `^<major>.<minor>.<patch>`.
  const major = range.slice(1, range.indexOf('.'));
  if (found === undefined || found.version.split('.')[0] !== major) {
    const seen = found === undefined ? 'which is not installed' : `but ${name}@${found.version} is installed`;
    throw new UsageError(
      `view-token-contracts diff needs the optional package ${name}@${range}, ${seen}: npm install ${name}@${range}`,
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer, loaded only by the diff command
  return { ...(require(name) as Omit<Differ, 'version'>), version: found.version };
}

/**
 * Where `name` resolves from (by `resolve`, Node's own by default), and the version its package.json says
 * ('' when it says none); undefined when it does not resolve or resolves outside a node_modules folder.
 */
export function findPackage(
  name: string,
  resolve: (name: string) => string = require.resolve,
): { version: string } | undefined {
  let entry: string;
  try {
    entry = resolve(name);
  } catch {
    return undefined;
  }
  // The entry is somewhere inside node_modules/<name>/: its package.json is at that folder's top.
  const marker = `${path.sep}node_modules${path.sep}${name}${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at === -1) return undefined;
  const manifest = JSON.parse(readFileSync(`${entry.slice(0, at + marker.length)}package.json`, 'utf8')) as {
    version?: unknown;
  };
  return { version: typeof manifest.version === 'string' ? manifest.version : '' };
}
