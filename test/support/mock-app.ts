import path from 'node:path';
import jestOpenAPI from 'jest-openapi';
import type { MockServer, MockServerOptions } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import type { RedisServer } from './redis-server';
import { startRedisServer } from './redis-server';

/** The OpenAPI file every mock response is held to. */
export const MOCK_SPEC = path.resolve(__dirname, '../../spec/mock.openapi.yaml');

/** Loads the mock's spec into jest-openapi's `toSatisfyApiSpec()`. */
export function useMockSpec(): void {
  jestOpenAPI(MOCK_SPEC);
}

/** A fixed instant the tests' clocks start at. */
export const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** An in-process mock whose real time stands still at T0 (moved only through its clock). */
export async function aMock(options: MockServerOptions = {}): Promise<MockServer> {
  return createMockServer({ seed: 7, logLevel: 'silent', realNow: () => T0, ...options });
}

export const BEARER = { Authorization: 'Bearer test-access-token' } as const;

/**
 * Two in-process mocks sharing one fresh Redis under `prefix`, as two processes of a deployment: started
 * before the file's tests, closed after them. `two()` and `one()` are read inside tests.
 */
export function useTwoMocksOnRedis(options: MockServerOptions & { redisPrefix: string }): {
  one(): MockServer;
  two(): MockServer;
} {
  let server: RedisServer | undefined;
  let mocks: MockServer[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
    const shared: MockServerOptions = { logLevel: 'silent', store: 'redis', redisUrl: server.url, ...options };
    mocks = [await createMockServer(shared), await createMockServer(shared)];
  });
  afterAll(async () => {
    for (const mock of mocks) await mock.close();
    await server?.stop();
  });
  const at = (index: number) => (): MockServer => {
    const mock = mocks[index];
    if (mock === undefined) throw new Error('useTwoMocksOnRedis: read the mocks inside a test');
    return mock;
  };
  return { one: at(0), two: at(1) };
}
