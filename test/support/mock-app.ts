import path from 'node:path';
import jestOpenAPI from 'jest-openapi';
import type { MockServer, MockServerOptions } from '../../mock/server';
import { createMockServer } from '../../mock/server';

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
