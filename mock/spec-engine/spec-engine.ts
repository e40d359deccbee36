import type { HttpMethod, IHttpOperation } from '@stoplight/types';
import type * as PrismHttpModule from '@stoplight/prism-http';
import pino from 'pino';
import { requireInstalled } from '../config/optional-package';
import type { OperationSummary } from './load-operations';
import { loadOperations, toOperationSummary } from './load-operations';

type PrismHttp = typeof PrismHttpModule;
type Entry = { operation: IHttpOperation; summary: OperationSummary };
type PrismLogger = Parameters<PrismHttp['createInstance']>[1]['logger'];
type PrismInstance = ReturnType<PrismHttp['createInstance']>;

/**
 * prism's mocker (json-schema-faker, faker, lodash) takes ~1 s to import; only operations
 * without a stateful handler need it, so it is loaded on the first such request, not at start.
 * prism is an optional peer dependency: without it that request fails naming the install command.
 */
function createPrism(operationId: string): PrismInstance {
  requireInstalled('@stoplight/prism-http', { neededBy: `answering ${operationId} from the spec (it has no handler)` });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createInstance } = require('@stoplight/prism-http') as PrismHttp;
  return createInstance(
    {
      mock: { dynamic: false },
      checkSecurity: false,
      validateRequest: false,
      validateResponse: false,
      errors: false,
      upstreamProxy: undefined,
      isProxy: false,
    },
    // prism logs at its own custom level `success` and is typed against pino 6; ours is silent.
    { logger: pino({ enabled: false, customLevels: { success: 35 } }) as unknown as PrismLogger },
  );
}

/** A framework-neutral request, as the HTTP layer hands it to the engine. */
interface EngineRequest {
  method: string;
  path: string;
  query: Readonly<Record<string, string | readonly string[] | undefined>>;
  pathParams: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
  body?: unknown;
}

/** A response produced from the spec's examples and schemas. */
interface SpecResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The mock's view of its OpenAPI file: operations and spec-driven answers (requests are validated by
 * mock/core/routing, from the same spec).
 */
export interface SpecEngine {
  readonly operations: readonly OperationSummary[];
  operation(operationId: string): OperationSummary;
  /** Answers an operation that has no stateful handler, from the spec (prism's mocker). */
  respondFromSpec(operationId: string, request: EngineRequest): Promise<SpecResponse>;
}

/**
 * Loads the spec once and keeps every operation ready.
 * @example const engine = await loadSpecEngine('spec/mock.openapi.yaml');
 */
export async function loadSpecEngine(specPath: string): Promise<SpecEngine> {
  const operations = await loadOperations(specPath);
  const byId = new Map<string, Entry>();
  for (const operation of operations) {
    byId.set(operation.iid ?? '', { operation, summary: toOperationSummary(operation) });
  }
  const get = (operationId: string): Entry => {
    const found = byId.get(operationId);
    if (!found) throw new Error(`No operation "${operationId}" in ${specPath}`);
    return found;
  };
  let prism: PrismInstance | undefined;
  return {
    operations: [...byId.values()].map((entry) => entry.summary),
    operation: (operationId) => get(operationId).summary,
    async respondFromSpec(operationId, request) {
      const { operation } = get(operationId);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
      prism ??= createPrism(operationId);
      const result = await prism.request(
        { method: operation.method as HttpMethod, url: { path: request.path }, headers, body: request.body },
        [operation],
      )();
      if (result._tag === 'Left') throw result.left;
      const output = result.right.output;
      return { status: output.statusCode, headers: { ...output.headers }, body: output.body };
    },
  };
}
