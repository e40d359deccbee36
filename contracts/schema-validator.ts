import type { ValidateFunction, default as AjvDraft07 } from 'ajv';
import type Ajv2020 from 'ajv/dist/2020';
import type AjvCore from 'ajv/dist/core';
import addFormats from 'ajv-formats';
import type { Located, SpecFiles } from './spec-files';
import { toSchemaRef } from './spec-files';
import { UsageError } from './usage-error';

/** Validates a value against a schema of the contract: undefined when it satisfies it, else why not. */
export type SchemaCheck = (value: unknown) => string | undefined;

/** OpenAPI's own formats: checked where they say something, accepted where they only annotate. */
const OPENAPI_FORMATS: Record<string, true | ((value: string | number) => boolean)> = {
  int32: (value) => Number.isInteger(value) && Number(value) >= -(2 ** 31) && Number(value) < 2 ** 31,
  int64: (value) => Number.isInteger(value),
  float: true,
  double: true,
  byte: true,
  binary: true,
  password: true,
};

/**
 * Compiles schemas of the loaded files with ajv, when the contract is loaded (a schema ajv cannot use
 * is a UsageError, before any request): every file is added under its URL, so nested,
 * external and recursive `$ref`s resolve as in the files. OpenAPI 3.0 schemas (draft-04 style
 * `exclusiveMinimum: true`, `nullable`) are read as 3.0 means them; 3.1 schemas are JSON Schema 2020-12.
 */
export function createSchemaValidator(
  files: SpecFiles,
  openapiVersion: '3.0' | '3.1',
): (schema: Located) => SchemaCheck {
  // unicodeRegExp off: OpenAPI patterns are plain ECMA-262, and some valid ones (e.g. `[\w\_]`) are refused under the u flag.
  const options = {
    strict: false,
    allErrors: true,
    validateSchema: false,
    logger: false,
    unicodeRegExp: false,
  } as const;
  /* eslint-disable @typescript-eslint/no-require-imports -- only the draft the contract needs is loaded */
  const ajv: AjvCore =
    openapiVersion === '3.1'
      ? new (require('ajv/dist/2020') as { default: typeof Ajv2020 }).default(options)
      : new (require('ajv') as { default: typeof AjvDraft07 }).default(options);
  /* eslint-enable @typescript-eslint/no-require-imports */
  addFormats(ajv as never);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) {
    ajv.addFormat(name, format === true ? true : { type: 'number', validate: format as (value: number) => boolean });
  }
  for (const [file, document] of files.documents) {
    ajv.addSchema((openapiVersion === '3.0' ? fromOpenApi30(document) : document) as object, file);
  }
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const ref = toSchemaRef(schema);
    let validate = compiled.get(ref);
    if (!validate) {
      try {
        validate = ajv.compile({ $ref: ref });
      } catch (error) {
        throw new UsageError(
          `--spec ${files.given}: the schema at ${decodeURIComponent(ref.slice(ref.lastIndexOf('/', ref.indexOf('#')) + 1))} cannot be used (${(error as Error).message})`,
        );
      }
      compiled.set(ref, validate);
    }
    const check = validate;
    return (value) => (check(value) ? undefined : ajv.errorsText(check.errors, { dataVar: 'body', separator: '; ' }));
  };
}

/** A copy of a 3.0 document whose schema keywords mean in JSON Schema what they mean in OpenAPI 3.0. */
function fromOpenApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromOpenApi30);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = fromOpenApi30(item);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof copy[exclusive] !== 'boolean') continue;
    if (copy[exclusive] === true && typeof copy[bound] === 'number') {
      copy[exclusive] = copy[bound];
      delete copy[bound];
    } else {
      delete copy[exclusive];
    }
  }
  if (typeof copy.nullable === 'boolean' && copy.type === undefined) delete copy.nullable;
  return copy;
}
