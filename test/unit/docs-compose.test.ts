import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const DOCS = path.resolve(__dirname, '../../docs');
const compose = parse(readFileSync(path.join(DOCS, 'shared-deployment.compose.yaml'), 'utf8')) as {
  services: Record<string, { volumes?: string[]; command?: string }>;
};
const mock = compose.services.mock ?? {};

test('every file the shared-deployment compose file mounts exists, relative to the compose file as docker compose reads it', () => {
  const mounts = Object.values(compose.services)
    .flatMap((service) => service.volumes ?? [])
    .map((volume) => volume.split(':')[0] ?? '')
    .filter((source) => source.startsWith('.'));
  expect(mounts).toEqual(['./nginx.conf']);
  expect(mounts.filter((source) => !existsSync(path.join(DOCS, source)))).toEqual([]);
});

test("the compose file's Redis-backed mocks install ioredis, the optional package --store redis needs", () => {
  const command = mock.command ?? '';
  expect(command).toContain('--store redis');
  expect(command).toMatch(/--package ioredis@\^6\.0\.0\s/);
});

test('the mocks install view-token-mock from the tarball mounted read-only, never from a registry under the unpublished name', () => {
  expect(mock.volumes).toEqual([
    '${VIEW_TOKEN_MOCK_TARBALL:?set VIEW_TOKEN_MOCK_TARBALL to the npm pack tarball}:/opt/view-token-mock.tgz:ro',
  ]);
  const packages = [...(mock.command ?? '').matchAll(/--package (\S+)/g)].map((match) => match[1]);
  expect(packages).toEqual(['/opt/view-token-mock.tgz', 'ioredis@^6.0.0']);
});
