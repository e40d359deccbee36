import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as PrismOperations from '@stoplight/prism-http/dist/utils/operations';
import type { IHttpOperation } from '@stoplight/types';
import { requireInstalled } from '../config/optional-package';

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

/** A spec's operations as prism reads them, saved by `npm run build` (scripts/build-operations.js). */
export interface OperationsCache {
  /** sha256 of the spec file the operations were read from: a changed spec never uses a stale cache. */
  specSha256: string;
  operations: IHttpOperation[];
}

/** Where the build keeps the operations of `spec/<name>.openapi.yaml`: dist/spec/<name>.operations.json. */
export function operationsCachePath(specPath: string): string {
  return path.join(
    __dirname,
    '../../spec',
    `${path.basename(specPath).replace(/\.openapi\.ya?ml$|\.ya?ml$|\.json$/, '')}.operations.json`,
  );
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Reads the operations of an OpenAPI file once, at start-up. prism's reader (references resolved,
 * ~0.7 s with its imports) runs at build time; a start reads its saved result when the spec's hash
 * matches, and falls back to prism when it does not (a changed spec, or the TypeScript sources).
 */
export async function loadOperations(specPath: string): Promise<IHttpOperation[]> {
  const operations = readCachedOperations(specPath) ?? (await readOperationsWithPrism(specPath));
  for (const operation of operations) {
    if (!operation.iid)
      throw new SpecError(`${operation.method.toUpperCase()} ${operation.path} in ${specPath} has no operationId`);
  }
  return operations;
}

/**
 * Where a saved reading may be: beside the compiled code, and, when this module runs from the
 * TypeScript sources (Jest, ts-node), in the build's tree (`dist/spec/`), so tests skip prism too.
 */
function cacheCandidates(specPath: string): string[] {
  const compiled = operationsCachePath(specPath);
  const built = path.join(__dirname, '../../dist/spec', path.basename(compiled));
  return compiled === built ? [compiled] : [compiled, built];
}

function readCachedOperations(specPath: string): IHttpOperation[] | undefined {
  const specSha256 = sha256(readFileSync(specPath, 'utf8'));
  for (const candidate of cacheCandidates(specPath)) {
    const cache = readCache(candidate);
    // The hash decides: a spec edited after the build is never answered from the stale file.
    if (cache?.specSha256 === specSha256) return cache.operations;
  }
  return undefined;
}

function readCache(file: string): OperationsCache | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OperationsCache;
  } catch {
    return undefined;
  }
}

/** prism's own reader, loaded only when no cache matches (an optional peer dependency, named when missing). */
export async function readOperationsWithPrism(specPath: string): Promise<IHttpOperation[]> {
  requireInstalled('@stoplight/prism-http', { neededBy: `reading ${specPath}, changed since the build,` });
  const { getHttpOperationsFromSpec } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@stoplight/prism-http/dist/utils/operations') as typeof PrismOperations;
  return getHttpOperationsFromSpec(specPath);
}

export function toOperationSummary(operation: IHttpOperation): OperationSummary {
  const int64Parameters: { name: string; in: 'query' | 'path' }[] = [];
  for (const place of ['query', 'path'] as const) {
    for (const parameter of operation.request?.[place] ?? []) {
      const schema = parameter.schema as { type?: unknown; format?: unknown } | undefined;
      if (schema?.type === 'integer' && schema.format === 'int64')
        int64Parameters.push({ name: parameter.name, in: place });
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
