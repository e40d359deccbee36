import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'expect';
import jestOpenAPI from 'jest-openapi';
import { parse } from 'yaml';
import { UsageError } from './options';

/** The two operations of the interface document. */
export type ContractOperation = 'getViewToken' | 'getChildFileViewToken';

/** What the harness reads from the contract: documented statuses and media types per operation. */
export interface ContractSpec {
  path: string;
  statuses: Record<ContractOperation, readonly number[]>;
  mediaTypes(operation: ContractOperation, status: number): readonly string[];
  /** jest-openapi's toSatisfyApiSpec on an exchange: undefined when it satisfies, else why not. */
  violation(response: { method: string; path: string; status: number; body: unknown }): string | undefined;
}

interface OpenApiDocument {
  openapi?: string;
  servers?: { url: string }[];
  paths?: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
}

/** The contract shipped with the package: spec/view-token.openapi.yaml. */
export function defaultSpecPath(): string {
  const candidates = [path.resolve(__dirname, '../spec/view-token.openapi.yaml'), path.resolve(__dirname, '../../spec/view-token.openapi.yaml')];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? '';
}

/** Loads the contract (OpenAPI 3.0.x) and points jest-openapi at the implementation's base URL. */
export function loadContractSpec(specPath: string, baseUrl: URL): ContractSpec {
  const absolute = path.resolve(specPath);
  let document: OpenApiDocument;
  try { document = parse(readFileSync(absolute, 'utf8')) as OpenApiDocument; } catch (error) {
    throw new UsageError(`--spec ${specPath}: cannot read it as YAML/JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (!document?.openapi?.startsWith('3.0.')) throw new UsageError(`--spec ${specPath}: expected OpenAPI 3.0.x (jest-openapi cannot read ${document?.openapi ?? 'this'})`);
  const operations = indexOperations(document, specPath);
  const served = { ...document, servers: [{ url: baseUrl.toString().replace(/\/+$/, '') }] };
  const globals = globalThis as { expect?: unknown };
  const previous = globals.expect;
  globals.expect = expect;
  try { jestOpenAPI(served as never); } finally { globals.expect = previous; }
  return {
    path: absolute,
    statuses: { getViewToken: operations.getViewToken.statuses, getChildFileViewToken: operations.getChildFileViewToken.statuses },
    mediaTypes: (operation, status) => operations[operation].mediaTypes.get(status) ?? [],
    violation({ method, path: requestPath, status, body }) {
      try {
        (expect({ status, data: body, request: { method, path: requestPath } }) as unknown as { toSatisfyApiSpec(): void }).toSatisfyApiSpec();
        return undefined;
      } catch (error) {
        return stripColors((error as Error).message);
      }
    },
  };
}

function indexOperations(document: OpenApiDocument, specPath: string): Record<ContractOperation, { statuses: number[]; mediaTypes: Map<number, string[]> }> {
  const found: Partial<Record<ContractOperation, { statuses: number[]; mediaTypes: Map<number, string[]> }>> = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const id = operation.operationId;
      if (id !== 'getViewToken' && id !== 'getChildFileViewToken') continue;
      const responses = Object.entries(operation.responses ?? {}).map(([code, response]) => [code, resolveRef(document, response)] as const);
      found[id] = {
        statuses: responses.map(([code]) => Number(code)).filter(Number.isInteger),
        mediaTypes: new Map(responses.map(([code, response]) => [Number(code), Object.keys(response.content ?? {})])),
      };
    }
  }
  if (!found.getViewToken || !found.getChildFileViewToken) throw new UsageError(`--spec ${specPath}: needs the operations getViewToken and getChildFileViewToken`);
  return found as Record<ContractOperation, { statuses: number[]; mediaTypes: Map<number, string[]> }>;
}

/** Follows a local `$ref` (`#/components/responses/X`) once, as the contract uses them. */
function resolveRef<T extends object>(document: OpenApiDocument, value: T): T {
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (target ?? value) as T;
}

function stripColors(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
