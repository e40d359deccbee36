/**
 * `view-token-mock/middleware`: the mock inside an existing Express, Vite or webpack-dev-server app.
 * @example
 * import { createMiddleware } from 'view-token-mock/middleware';
 * app.use(createMiddleware({ seed: 1 }));
 */
export { createMiddleware } from './create-middleware';
export type { MiddlewareOptions, MockMiddleware } from './create-middleware';
export type { MockFacade, MockJournal, MockTokens } from '../compose/mock-facade';
export { JournalQueryError } from '../compose/mock-facade';
export type { ClockReading, MockClock } from '../compose/mock-clock';
export { MockClockError } from '../compose/mock-clock';
export type { MockScenarios } from '../compose/mock-scenarios';
export { ScenarioRuleError } from '../compose/mock-scenarios';
export type { Rule, RuleCondition, RuleInput, RuleOutcome } from '../core/scenarios/rule';
export type { JournalEntry, JournalMatch } from '../core/journal';
export type { ViewTokenInfo } from '../core/view-token-info';
export { ConfigError } from '../config/config-error';
