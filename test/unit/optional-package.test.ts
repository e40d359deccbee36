import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../mock/config/config-error';
import type { FindPackage, OptionalPackage } from '../../mock/config/optional-package';
import { MissingPackageError, OPTIONAL_PACKAGES, requireInstalled } from '../../mock/config/optional-package';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const found =
  (version: string | undefined): FindPackage =>
  () =>
    version === undefined ? undefined : { version };

test.each<[OptionalPackage, string | undefined, string]>([
  [
    'ioredis',
    undefined,
    '--store redis needs the optional package ioredis@^6.0.0, which is not installed: npm install ioredis@^6.0.0',
  ],
  [
    'ioredis',
    '5.4.1',
    '--store redis needs the optional package ioredis@^6.0.0, but ioredis@5.4.1 is installed: npm install ioredis@^6.0.0',
  ],
  [
    '@faker-js/faker',
    undefined,
    'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, which is not installed: npm install @faker-js/faker@^9.9.0',
  ],
  [
    '@faker-js/faker',
    '6.3.1',
    'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, but @faker-js/faker@6.3.1 is installed: npm install @faker-js/faker@^9.9.0',
  ],
  [
    '@faker-js/faker',
    '10.0.0',
    'view-token-mock catalog needs the optional package @faker-js/faker@^9.9.0, but @faker-js/faker@10.0.0 is installed: npm install @faker-js/faker@^9.9.0',
  ],
  [
    '@stoplight/prism-http',
    undefined,
    '--proxy or --validate-responses needs the optional package @stoplight/prism-http@5.12.0, which is not installed: npm install @stoplight/prism-http@5.12.0',
  ],
  [
    '@stoplight/prism-http',
    '4.14.1',
    '--proxy or --validate-responses needs the optional package @stoplight/prism-http@5.12.0, but @stoplight/prism-http@4.14.1 is installed: npm install @stoplight/prism-http@5.12.0',
  ],
])('%s found as %s: one line naming the package, the capability and the install command', (name, version, message) => {
  let thrown: unknown;
  try {
    requireInstalled(name, { find: found(version) });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(MissingPackageError);
  expect(thrown).toBeInstanceOf(ConfigError);
  expect(thrown).toMatchObject({ name: 'MissingPackageError', message });
});

test.each<[OptionalPackage, string]>([
  ['ioredis', '6.0.0'],
  ['ioredis', '6.9.2'],
  ['@faker-js/faker', '9.9.0'],
  ['@stoplight/prism-http', '5.12.0'],
])('%s %s, the major the mock is written for, passes', (name, version) => {
  let calls = 0;
  expect(
    requireInstalled(name, {
      find: (asked) => {
        calls += 1;
        expect(asked).toBe(name);
        return { version };
      },
    }),
  ).toBeUndefined();
  expect(calls).toBe(1);
});

test('a caller may name the narrower capability that needs the package', () => {
  expect(() => requireInstalled('@stoplight/prism-http', { neededBy: '--proxy', find: found(undefined) })).toThrow(
    new MissingPackageError(
      '--proxy needs the optional package @stoplight/prism-http@5.12.0, which is not installed: npm install @stoplight/prism-http@5.12.0',
    ),
  );
});

test('in this repository (dev dependencies installed) every optional package is found where the mock requires it from', () => {
  for (const name of Object.keys(OPTIONAL_PACKAGES) as OptionalPackage[])
    expect(() => requireInstalled(name)).not.toThrow();
});

test("the ranges the errors name are package.json's: ioredis and prism-http optional peer dependencies, faker only a dev dependency, none a runtime dependency", () => {
  // faker is no peer: prism's own faker 6 sits in every install that has prism, and npm places an optional
  // peer's version at the top to keep that edge valid, i.e. it would install faker 9 (9.7 MiB) there.
  for (const name of ['ioredis', '@stoplight/prism-http'] as const) {
    expect([
      name,
      manifest.peerDependencies[name],
      manifest.peerDependenciesMeta[name]?.optional,
      manifest.devDependencies[name],
    ]).toEqual([name, OPTIONAL_PACKAGES[name].range, true, expect.any(String)]);
  }
  expect([manifest.peerDependencies['@faker-js/faker'], manifest.devDependencies['@faker-js/faker']]).toEqual([
    undefined,
    OPTIONAL_PACKAGES['@faker-js/faker'].range,
  ]);
  for (const name of Object.keys(OPTIONAL_PACKAGES))
    expect([name, manifest.dependencies[name]]).toEqual([name, undefined]);
});
