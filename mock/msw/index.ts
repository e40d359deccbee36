/** `view-token-mock/msw`: the mock as MSW handlers, for tests in Node and pages in the browser. */
export { createHandlers } from './create-handlers';
export type { HandlerOptions, MockHandlers } from './create-handlers';
export { createMockCore } from '../compose/create-mock-core';
export type { MockCoreOptions } from '../compose/create-mock-core';
export type { MockFacade, MockJournal, MockTokens } from '../compose/mock-facade';
export { JournalQueryError } from '../compose/mock-facade';
export type { ClockReading, MockClock } from '../compose/mock-clock';
export { MockClockError } from '../compose/mock-clock';
export type { MockScenarios } from '../compose/mock-scenarios';
export { ScenarioRuleError } from '../compose/mock-scenarios';
export type { Rule, RuleCondition, RuleInput, RuleOutcome } from '../core/scenarios/rule';
export type { JournalEntry, JournalMatch } from '../core/journal';
export type { ViewTokenInfo } from '../core/view-token-info';
