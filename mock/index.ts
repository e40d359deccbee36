/**
 * view-token-mock as a library: the server for tests in other projects, and the framework-free
 * core. MSW handlers are in `view-token-mock/msw`, the connect/Express middleware in
 * `view-token-mock/middleware`.
 * @example
 * import { createMockServer } from 'view-token-mock';
 * const mock = await createMockServer({ seed: 1 });
 * const baseUrl = await mock.listen(0);
 */
export { createMockServer } from './server';
export type { MockServer, MockServerOptions } from './server';
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
export type { MockFacade, MockJournal, MockTokens } from './compose/mock-facade';
export { JournalQueryError } from './compose/mock-facade';
export type { ClockReading, MockClock } from './compose/mock-clock';
export { MockClockError } from './compose/mock-clock';
export type { JournalEntry, JournalMatch } from './core/journal';
export type { ViewTokenInfo } from './core/view-token-info';
