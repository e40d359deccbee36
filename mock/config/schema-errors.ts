/** One error of the compiled config schema (ajv's shape, with `verbose`: the value and its schema). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  data?: unknown;
  parentSchema?: {
    type?: string | readonly string[];
    properties?: Record<string, unknown>;
    enum?: readonly unknown[];
    pattern?: string;
  };
}

/** ajv's standalone validator for the config schema (mock/config/generated/validate-config.ts). */
export type SchemaValidator = ((data: unknown) => boolean) & { errors?: readonly SchemaError[] | null };

/** `/missing/fileId/0` → `missing.fileId[0]`, the way the messages name a field. */
function toFieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('');
}

/**
 * The first schema error as the one line a user reads: where (the file, the field) and what is
 * wrong with which value, and what is allowed.
 * @example
 * toSchemaMessage('--config mock.json', error) // '--config mock.json: missing.fileId[0]: "x1" is not an int64 id'
 */
export function toSchemaMessage(where: string, error: SchemaError): string {
  const field = toFieldPath(error.instancePath);
  const at = field === '' ? where : `${where}: ${field}`;
  const value = JSON.stringify(error.data);
  const known = Object.keys(error.parentSchema?.properties ?? {});
  const isId = Array.isArray(error.parentSchema?.type) && error.parentSchema.type.includes('integer');
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      if (known.includes('fileId') && known.includes('moduleDataId'))
        return `${at}: "${name}" is not an id parameter (use ${known.join(', ')})`;
      return `${at}: unknown field "${name}" (known: ${known.filter((key) => !key.startsWith('$')).join(', ')})`;
    }
    case 'required':
      return `${at}: needs "${String(error.params.missingProperty)}"`;
    case 'minimum':
    case 'maximum':
      if (isId) return `${at}: ${value} is not exact as a JSON number; write ids as strings ("9223372036854775807")`;
      return `${at}: ${value} must be ${error.keyword === 'minimum' ? '>=' : '<='} ${String(error.params.limit)}`;
    case 'pattern':
      if (isId) return `${at}: ${value} is not an int64 id`;
      return error.parentSchema?.pattern === '\\S'
        ? `${at}: ${value} must not be blank`
        : `${at}: ${value} must match ${error.parentSchema?.pattern ?? String(error.params.pattern)}`;
    case 'type':
      return isId
        ? `${at}: ${value} is not an int64 id`
        : `${at}: expected ${articled(String(error.params.type))}, not ${value}`;
    case 'minLength':
      return `${at}: must not be empty`;
    case 'enum':
      return `${at}: ${value} is not allowed (allowed: ${(error.parentSchema?.enum ?? []).join(', ')})`;
    default:
      return `${at}: ${error.message ?? error.keyword}`;
  }
}

function articled(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
