import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './usage-error';
import type { SchemaCheck } from './schema-validator';
import { createSchemaValidator } from './schema-validator';
import type { Located, SpecFiles } from './spec-files';
import { loadSpecFiles, member, members } from './spec-files';

/** The two operations of the interface document. */
export type ContractOperation = 'getViewToken' | 'getChildFileViewToken';

const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

/** An int64 parameter of an operation, with the range its schema allows (int64's, narrowed by minimum/maximum). */
export interface IdParameter {
  name: string;
  in: 'query' | 'path';
  minimum: bigint;
  maximum: bigint;
}

/** What the contract says of one declared response header. */
interface DeclaredHeader {
  name: string;
  required: boolean;
  check: SchemaCheck | undefined;
  /** The JSON type a header's text is read as before its schema checks it. */
  type: string | undefined;
}

/** What the contract says of one status of an operation; `content` empty when it gives no body type. */
export interface DeclaredResponse {
  content: readonly { mediaType: string; check: SchemaCheck | undefined }[];
  headers: readonly DeclaredHeader[];
}

/** One operation as the contract gives it. */
interface OperationContract {
  method: 'GET' | 'POST';
  /** The path template, e.g. `/data/v2/integrations/{integrateId}/files/{fileId}/viewToken`. */
  path: string;
  /** The response keys as written: `200`, `2XX`, `default`. */
  statuses: readonly string[];
  idParameters: readonly IdParameter[];
  /** What the contract declares for this status (exact code, then `nXX`, then `default`); undefined when nothing. */
  response(status: number): DeclaredResponse | undefined;
}

/** The contract the harness holds an implementation to. */
export interface ContractSpec {
  path: string;
  operations: Record<ContractOperation, OperationContract>;
}

/** The contract shipped with the package: spec/view-token.openapi.yaml. */
export function defaultSpecPath(): string {
  const candidates = [
    path.resolve(__dirname, '../spec/view-token.openapi.yaml'),
    path.resolve(__dirname, '../../spec/view-token.openapi.yaml'),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? '';
}

/**
 * Loads the contract (OpenAPI 3.0.x or 3.1.x; `$ref`s local, nested and to other files) for the harness's own validation.
 * @example loadContractSpec('spec/view-token.openapi.yaml').operations.getViewToken.statuses // ['200', '401', '403', '404']
 */
export function loadContractSpec(specPath: string): ContractSpec {
  const files = loadSpecFiles(specPath);
  const document = files.documents.get(files.root) as { openapi?: unknown; paths?: unknown } | null;
  const version = typeof document?.openapi === 'string' ? /^3\.[01]\./.exec(document.openapi)?.[0] : undefined;
  if (!version)
    throw new UsageError(
      `--spec ${specPath}: expected OpenAPI 3.0.x or 3.1.x (found ${JSON.stringify(document?.openapi ?? null)})`,
    );
  const schemaCheck = createSchemaValidator(files, version === '3.1.' ? '3.1' : '3.0');
  const found: Partial<Record<ContractOperation, OperationContract>> = {};
  const paths = { value: document?.paths, file: files.root, pointer: '/paths' };
  for (const [template, item] of members(files, paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = member(files, item, method);
      const id = (operation?.value as { operationId?: unknown } | undefined)?.operationId;
      if (!operation || (id !== 'getViewToken' && id !== 'getChildFileViewToken')) continue;
      found[id] = readOperation(files, schemaCheck, {
        method: method === 'get' ? 'GET' : 'POST',
        template,
        item,
        operation,
      });
    }
  }
  if (!found.getViewToken || !found.getChildFileViewToken)
    throw new UsageError(
      `--spec ${specPath}: needs the operations getViewToken (GET) and getChildFileViewToken (POST)`,
    );
  return {
    path: path.resolve(specPath),
    operations: { getViewToken: found.getViewToken, getChildFileViewToken: found.getChildFileViewToken },
  };
}

interface OperationSource {
  method: 'GET' | 'POST';
  template: string;
  item: Located;
  operation: Located;
}

function readOperation(
  files: SpecFiles,
  schemaCheck: (schema: Located) => SchemaCheck,
  source: OperationSource,
): OperationContract {
  const responses = members(files, member(files, source.operation, 'responses'));
  const declared = new Map(
    responses.map(([key, response]) => [key.toUpperCase(), readResponse(files, schemaCheck, response)]),
  );
  return {
    method: source.method,
    path: source.template,
    statuses: responses.map(([key]) => key),
    idParameters: readIdParameters(files, source),
    response: (status) =>
      declared.get(String(status)) ?? declared.get(`${String(status)[0]}XX`) ?? declared.get('DEFAULT'),
  };
}

function readResponse(
  files: SpecFiles,
  schemaCheck: (schema: Located) => SchemaCheck,
  response: Located,
): DeclaredResponse {
  const content = members(files, member(files, response, 'content')).map(([mediaType, media]) => {
    const schema = member(files, media, 'schema');
    return {
      mediaType: mediaType.split(';')[0]?.trim().toLowerCase() ?? '',
      check: schema ? schemaCheck(schema) : undefined,
    };
  });
  const headers = members(files, member(files, response, 'headers'))
    .filter(([name]) => name.toLowerCase() !== 'content-type') // OpenAPI: a Content-Type header definition is ignored
    .map(([name, header]) => {
      const schema = member(files, header, 'schema');
      return {
        name: name.toLowerCase(),
        required: (header.value as { required?: unknown }).required === true,
        check: schema ? schemaCheck(schema) : undefined,
        type: schemaType(schema),
      };
    });
  return { content, headers };
}

/** Every int64 query and path parameter (path-level ones too, the operation's own winning). */
function readIdParameters(files: SpecFiles, { item, operation }: OperationSource): IdParameter[] {
  const byKey = new Map<string, IdParameter>();
  for (const owner of [item, operation]) {
    for (const [, parameter] of members(files, member(files, owner, 'parameters'))) {
      const { name, in: place } = parameter.value as { name?: unknown; in?: unknown };
      if (typeof name !== 'string' || (place !== 'query' && place !== 'path')) continue;
      const schema = member(files, parameter, 'schema');
      const { type, format, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = (schema?.value ?? {}) as Record<
        string,
        unknown
      >;
      if (!(type === 'integer' || (Array.isArray(type) && type.includes('integer'))) || format !== 'int64') {
        byKey.delete(`${place} ${name}`);
        continue;
      }
      const low = bound(minimum, exclusiveMinimum, 1n) ?? INT64_MIN;
      const high = bound(maximum, exclusiveMaximum, -1n) ?? INT64_MAX;
      byKey.set(`${place} ${name}`, {
        name,
        in: place,
        minimum: low > INT64_MIN ? low : INT64_MIN,
        maximum: high < INT64_MAX ? high : INT64_MAX,
      });
    }
  }
  return [...byKey.values()];
}

/** A schema bound as an exact integer; 3.0's boolean `exclusive*` and 3.1's numeric one both exclude the limit. */
function bound(limit: unknown, exclusive: unknown, step: bigint): bigint | undefined {
  const [value, excluded] = typeof exclusive === 'number' ? [exclusive, true] : [limit, exclusive === true];
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (excluded) return BigInt(step > 0n ? Math.floor(value) : Math.ceil(value)) + step;
  return BigInt(step > 0n ? Math.ceil(value) : Math.floor(value));
}

function schemaType(schema: Located | undefined): string | undefined {
  const type = (schema?.value as { type?: unknown } | undefined)?.type;
  if (typeof type === 'string') return type;
  return Array.isArray(type) ? (type.find((candidate) => candidate !== 'null') as string | undefined) : undefined;
}
