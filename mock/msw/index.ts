/** `view-token-mock/msw`: the mock as MSW handlers, for tests in Node and pages in the browser. */
export { createHandlers } from './create-handlers';
export type { HandlerOptions, MockHandlers } from './create-handlers';
export { createMockCore } from '../compose/create-mock-core';
export type { MockCoreOptions } from '../compose/create-mock-core';
