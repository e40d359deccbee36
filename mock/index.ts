/**
 * view-token-mock as a library: the Express server for tests in other projects, and the
 * framework-free core. MSW handlers are in `view-token-mock/msw`.
 * @example
 * import { createMockServer } from 'view-token-mock';
 * const mock = await createMockServer({ seed: 1 });
 * const baseUrl = await mock.listen(0);
 */
import { requireInstalled } from './config/optional-package';
import type { MockServer, MockServerOptions } from './server';
import { createMockServer as createServer } from './server';

export type { MockServer, MockServerOptions } from './server';

/**
 * Creates the mock for use inside another project's tests: an Express app behind a Node server.
 * express 5 is an optional peer dependency (the MSW handlers and the CLI do without it): when it is
 * missing, this rejects with a MissingPackageError naming the install command.
 * @example
 * const mock = await createMockServer({ seed: 1 });
 * const baseUrl = await mock.listen(0);
 * mock.clock.advance(12 * 3600_000);
 * await mock.close();
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  requireInstalled('express');
  return createServer(options);
}
export { createMockCore } from './compose/create-mock-core';
export type { MockCoreOptions } from './compose/create-mock-core';
export { handleServiceRequest } from './core/handle-service-request';
export type { ServiceResult } from './core/handle-service-request';
export type { ServiceRequest } from './core/service-request';
export type { Core } from './core/create-core';
export type { MockConfigInput } from './config/load-config';
export { VIEW_TOKEN_TTL_MS } from './core/view-tokens';
export { ScenarioRuleError } from './compose/mock-scenarios';
export { MissingPackageError } from './config/optional-package';
export type { MockScenarios } from './compose/mock-scenarios';
export type { Rule, RuleCondition, RuleInput, RuleOutcome } from './core/scenarios/rule';
