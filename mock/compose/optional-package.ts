import { ConfigError } from '../config/config-error';

/**
 * Packages a capability needs that a lean install leaves out (optional peer dependencies in
 * package.json; a test holds the ranges equal). The README's "Install" section says which is which.
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

/**
 * Throws a one-line MissingPackageError (which package, for what, how to install it) unless the
 * package resolves; call it before the require that loads the capability.
 * @example requireInstalled('ioredis'); // then require('../stores/redis-shared')
 */
export function requireInstalled(name: OptionalPackage, resolve: (name: string) => string = require.resolve): void {
  try {
    resolve(name);
  } catch {
    const { range, neededBy } = OPTIONAL_PACKAGES[name];
    throw new MissingPackageError(`${neededBy} needs the optional package ${name}, which is not installed: npm install ${name}@${range}`);
  }
}
