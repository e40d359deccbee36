import { getHttpOperationsFromSpec } from '@stoplight/prism-http/dist/utils/operations';
import type { IHttpOperation } from '@stoplight/types';

/** What the rest of the mock needs to know of one spec operation, as plain values. */
export interface OperationSummary {
  operationId: string;
  method: string;
  /** The OpenAPI path template, e.g. `/view/token`. */
  path: string;
  /** Every status the spec documents for it. */
  statuses: readonly number[];
  /** Parameters declared int64, which the mock checks exactly (prism stops at 2^53-1). */
  int64Parameters: readonly { name: string; in: 'query' | 'path' }[];
}

/** Reads the operations of an OpenAPI file once, at start-up. */
export async function loadOperations(specPath: string): Promise<IHttpOperation[]> {
  const operations = await getHttpOperationsFromSpec(specPath);
  for (const operation of operations) {
    if (!operation.iid) throw new SpecError(`${operation.method.toUpperCase()} ${operation.path} in ${specPath} has no operationId`);
  }
  return operations;
}

export function toOperationSummary(operation: IHttpOperation): OperationSummary {
  const int64Parameters: { name: string; in: 'query' | 'path' }[] = [];
  for (const place of ['query', 'path'] as const) {
    for (const parameter of operation.request?.[place] ?? []) {
      const schema = parameter.schema as { type?: unknown; format?: unknown } | undefined;
      if (schema?.type === 'integer' && schema.format === 'int64') int64Parameters.push({ name: parameter.name, in: place });
    }
  }
  return {
    operationId: operation.iid ?? '',
    method: operation.method.toUpperCase(),
    path: operation.path,
    statuses: operation.responses.map((response) => Number(response.code)).filter(Number.isInteger),
    int64Parameters,
  };
}

/** The spec file cannot be used. */
export class SpecError extends Error {
  override name = 'SpecError';
}
