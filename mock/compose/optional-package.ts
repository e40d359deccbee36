import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config-error';

/**
 * Packages a capability needs that a lean install leaves out (ioredis is an optional peer
 * dependency; faker only a dev dependency, see the test), with the ranges of package.json (a test
 * holds them equal). The README's "Install: what each capability needs" says which is which.
 */
export const OPTIONAL_PACKAGES = {
  ioredis: { range: '^6.0.0', neededBy: '--store redis' },
  '@faker-js/faker': { range: '^9.9.0', neededBy: 'view-token-mock catalog' },
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
 * loads the capability. (prism brings its own @faker-js/faker 6, which a lean install may hoist.)
 * @example requireInstalled('ioredis'); // then require('../stores/redis-shared')
 */
export function requireInstalled(name: OptionalPackage, find: FindPackage = findPackage): void {
  const { range, neededBy } = OPTIONAL_PACKAGES[name];
  const found = find(name);
  const major = range.replace(/^\^/, '').split('.')[0];
  if (found !== undefined && found.version.split('.')[0] === major) return;
  const seen = found === undefined ? 'which is not installed' : `but ${name}@${found.version} is installed`;
  throw new MissingPackageError(`${neededBy} needs the optional package ${name}@${range}, ${seen}: npm install ${name}@${range}`);
}

function findPackage(name: string): { version: string } | undefined {
  let entry: string;
  try { entry = require.resolve(name); } catch { return undefined; }
  // The entry is somewhere inside node_modules/<name>/: its package.json is at that folder's top.
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) return undefined;
  const manifest = JSON.parse(readFileSync(`${entry.slice(0, at + marker.length)}package.json`, 'utf8')) as { version?: unknown };
  return { version: typeof manifest.version === 'string' ? manifest.version : '' };
}
