import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error';

/**
 * Packages a capability needs that a lean install leaves out (ioredis and prism-http are optional
 * peer dependencies; faker only a dev dependency, see the test), with the ranges of
 * package.json (a test holds them equal). docs/getting-started/install.md says which is which.
 * `neededBy` is the capability a message names when the caller does not name a narrower one.
 */
export const OPTIONAL_PACKAGES = {
  ioredis: { range: '^6.0.0', neededBy: '--store redis' },
  '@faker-js/faker': { range: '^9.9.0', neededBy: 'view-token-mock catalog' },
  // The proxy's and --validate-responses' response validator, and the mocker of an operation without a handler.
  '@stoplight/prism-http': { range: '5.12.0', neededBy: '--proxy or --validate-responses' },
} as const;

export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/** A capability was asked for whose optional package is not installed. */
export class MissingPackageError extends ConfigError {
  override name = 'MissingPackageError';
}

/** Where a package resolves from here, and its version; undefined when it does not resolve. */
export type FindPackage = (name: string) => { version: string } | undefined;

/**
 * Throws a one-line MissingPackageError (which package, for what, how to install it) unless the
 * package resolves in the major version the mock is written for; call it before the require that
 * loads the capability. (prism brings its own @faker-js/faker 6, which an install with prism may hoist.)
 * @example requireInstalled('ioredis'); // then require('../stores/redis-shared')
 */
export function requireInstalled(
  name: OptionalPackage,
  { neededBy = OPTIONAL_PACKAGES[name].neededBy, find = findPackage }: { neededBy?: string; find?: FindPackage } = {},
): void {
  const { range } = OPTIONAL_PACKAGES[name];
  const found = find(name);
  const major = range.replace(/^\^/, '').split('.')[0];
  if (found !== undefined && found.version.split('.')[0] === major) return;
  const seen = found === undefined ? 'which is not installed' : `but ${name}@${found.version} is installed`;
  throw new MissingPackageError(
    `${neededBy} needs the optional package ${name}@${range}, ${seen}: npm install ${name}@${range}`,
  );
}

function findPackage(name: string): { version: string } | undefined {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    return undefined;
  }
  // The entry is somewhere inside node_modules/<name>/: its package.json is at that folder's top.
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) return undefined;
  const manifest = JSON.parse(readFileSync(`${entry.slice(0, at + marker.length)}package.json`, 'utf8')) as {
    version?: unknown;
  };
  return { version: typeof manifest.version === 'string' ? manifest.version : '' };
}
