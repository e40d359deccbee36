import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const DOCS = path.resolve(__dirname, '../../docs');
const compose = parse(readFileSync(path.join(DOCS, 'shared-deployment.compose.yaml'), 'utf8')) as {
  services: Record<string, { volumes?: string[]; command?: string }>;
};

test('every file the shared-deployment compose file mounts exists, relative to the compose file as docker compose reads it', () => {
  const mounts = Object.values(compose.services).flatMap((service) => service.volumes ?? [])
    .map((volume) => volume.split(':')[0] ?? '').filter((source) => source.startsWith('.'));
  expect(mounts).toEqual(['./nginx.conf']);
  expect(mounts.filter((source) => !existsSync(path.join(DOCS, source)))).toEqual([]);
});

test('the compose file\'s Redis-backed mocks install ioredis, the optional package --store redis needs', () => {
  const command = compose.services.mock?.command ?? '';
  expect(command).toContain('--store redis');
  expect(command).toMatch(/--package ioredis@\^6\.0\.0\s/);
});
