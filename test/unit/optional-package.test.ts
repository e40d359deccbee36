import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../mock/config/config-error';
import type { FindPackage, OptionalPackage } from '../../mock/compose/optional-package';
import { MissingPackageError, OPTIONAL_PACKAGES, requireInstalled } from '../../mock/compose/optional-package';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }>; dependencies: Record<string, string>; devDependencies: Record<string, string>;
};
const found = (version: string | undefined): FindPackage => () => (version === undefined ? undefined : { version });

test.each<[OptionalPackage, string | undefined, string]>([
  ['ioredis', undefined, '--store redis needs the optional package ioredis@^6.0.0, which is not installed: npm install ioredis@^6.0.0'],
  ['ioredis', '5.4.1', '--store redis needs the optional package ioredis@^6.0.0, but ioredis@5.4.1 is installed: npm install ioredis@^6.0.0'],
  ['@faker-js/faker', undefined, 'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, which is not installed: npm install @faker-js/faker@^9.9.0'],
  ['@faker-js/faker', '6.3.1', 'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, but @faker-js/faker@6.3.1 is installed: npm install @faker-js/faker@^9.9.0'],
  ['@faker-js/faker', '10.0.0', 'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, but @faker-js/faker@10.0.0 is installed: npm install @faker-js/faker@^9.9.0'],
])('%s found as %s: one line naming the package, the capability and the install command', (name, version, message) => {
  let thrown: unknown;
  try { requireInstalled(name, found(version)); } catch (error) { thrown = error; }
  expect(thrown).toBeInstanceOf(MissingPackageError);
  expect(thrown).toBeInstanceOf(ConfigError);
  expect(thrown).toMatchObject({ name: 'MissingPackageError', message });
});

test.each<[OptionalPackage, string]>([['ioredis', '6.0.0'], ['ioredis', '6.9.2'], ['@faker-js/faker', '9.9.0']])('%s %s, the major the mock is written for, passes', (name, version) => {
  let calls = 0;
  expect(requireInstalled(name, (asked) => { calls += 1; expect(asked).toBe(name); return { version }; })).toBeUndefined();
  expect(calls).toBe(1);
});

test('in this repository (dev dependencies installed) both optional packages are found where the mock requires them from', () => {
  for (const name of Object.keys(OPTIONAL_PACKAGES) as OptionalPackage[]) expect(() => requireInstalled(name)).not.toThrow();
});

test('the ranges the errors name are package.json\'s: ioredis an optional peer dependency, faker only a dev dependency, neither a runtime dependency', () => {
  // faker is no peer: prism's own faker 6 sits in every install, and npm places an optional peer's
  // version at the top to keep that edge valid, i.e. it would install faker 9 (9.7 MiB) for everyone.
  expect(['ioredis', manifest.peerDependencies.ioredis, manifest.peerDependenciesMeta.ioredis?.optional]).toEqual(['ioredis', OPTIONAL_PACKAGES.ioredis.range, true]);
  expect([manifest.peerDependencies['@faker-js/faker'], manifest.devDependencies['@faker-js/faker']]).toEqual([undefined, OPTIONAL_PACKAGES['@faker-js/faker'].range]);
  for (const name of Object.keys(OPTIONAL_PACKAGES)) expect([name, manifest.dependencies[name]]).toEqual([name, undefined]);
});
