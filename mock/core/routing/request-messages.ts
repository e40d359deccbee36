import { didYouMean, findNearestName } from '../near-miss';

/** One error of a compiled request validator (ajv's shape, with `verbose`: the value and the schema it broke). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  data?: unknown;
  schema?: unknown;
  parentSchema?: {
    type?: string | readonly string[];
    properties?: Record<string, { type?: unknown; format?: unknown; oneOf?: unknown }>;
    enum?: readonly unknown[];
    minimum?: number;
    maximum?: number;
    oneOf?: readonly { type?: unknown; minimum?: number }[];
    format?: string;
    description?: string;
  };
}

const EXPECTED_OBJECT = 'Send a JSON object with Content-Type: application/json.';

/** A short, safe description of a client's value for an error message (never a deep or huge echo). */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (value === undefined) return 'nothing';
  return typeof value === 'string'
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : String(value);
}

/** What a parameter's value should have been (type, range, pattern): `must be an integer from 0 to 1000; got "x"`. */
export function toParameterReason(error: SchemaError, schema: Readonly<Record<string, unknown>>, raw: unknown): string {
  const got = `; got ${describeValue(raw)}`;
  if (schema.type === 'integer') return `must be ${toIntegerRange(schema)}${got}`;
  switch (error.keyword) {
    case 'pattern':
      return `must match pattern "${String(error.params.pattern)}"${got}`;
    case 'minLength':
      return `must NOT have fewer than ${String(error.params.limit)} characters`;
    case 'maxLength':
      return `must NOT have more than ${String(error.params.limit)} characters`;
    default:
      return `must be ${toAllowed(error.parentSchema ?? {})}${got}`;
  }
}

/**
 * A body's first schema error as the detail a tester reads: the field, what is allowed (and the
 * nearest known name or value), what was given.
 * @example
 * toBodyMessage({ instancePath: '/frozen', keyword: 'type', params: { type: 'boolean' }, data: 1 })
 * // '"frozen" must be true or false; got 1.'
 */
export function toBodyMessage(error: SchemaError): string {
  const field = toFieldPath(error.instancePath);
  const named = `"${field}"`;
  const got = `got ${describeValue(error.data)}`;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(error.params.additionalProperty);
      const known = Object.keys(error.parentSchema?.properties ?? {});
      const nearest = findNearestName(name, known);
      const path = field === '' ? name : `${field}.${name}`;
      return `"${path}" is not a field here${didYouMean(nearest)}; use ${known.join(', ')}.`;
    }
    case 'required': {
      const missing = String(error.params.missingProperty);
      // An object whose schema says what it must look like is named whole, with what it lacks.
      const shape = error.parentSchema?.description;
      if (shape !== undefined && field !== '') return `${named} must be ${shape}; "${missing}" is missing.`;
      return `"${field === '' ? missing : `${field}.${missing}`}" is required.`;
    }
    case 'minProperties': {
      const known = Object.entries(error.parentSchema?.properties ?? {}).map(
        ([name, schema]) => `"${name}" (${toAllowed(schema as SchemaError['parentSchema'] & object)})`,
      );
      return `Give at least one of ${known.join(', ')}${field === '' ? '' : ` in ${named}`}.`;
    }
    case 'enum': {
      const allowed = (error.parentSchema?.enum ?? []).map(String);
      const nearest = typeof error.data === 'string' ? findNearestName(error.data, allowed) : undefined;
      return `${named} must be one of ${allowed.join(', ')}; ${got}${didYouMean(nearest)}.`;
    }
    case 'type':
      if (field === '' && error.params.type === 'object') return EXPECTED_OBJECT;
      return `${named} must be ${toAllowed(error.parentSchema ?? {})}; ${got}.`;
    default:
      return `${named} must be ${toAllowed(error.parentSchema ?? {})}; ${got}.`;
  }
}

/** What a schema allows, in words: `a string or an integer of at least 0`, `an ISO 8601 date-time`. */
function toAllowed(schema: NonNullable<SchemaError['parentSchema']>): string {
  if (schema.oneOf)
    return schema.oneOf.map((branch) => toAllowed(branch as NonNullable<SchemaError['parentSchema']>)).join(' or ');
  if (schema.format === 'date-time') return 'an ISO 8601 date-time';
  if (schema.format === 'int64') return 'an int64';
  if (schema.type === undefined) return 'any value';
  return [schema.type]
    .flat()
    .map((type) => {
      if (type === 'boolean') return 'true or false';
      if (type === 'integer') return toIntegerRange(schema);
      if (type === 'null') return 'null';
      return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
    })
    .join(' or ');
}

function toIntegerRange(schema: { minimum?: unknown; maximum?: unknown }): string {
  const { minimum, maximum } = schema;
  if (typeof minimum === 'number' && typeof maximum === 'number') return `an integer from ${minimum} to ${maximum}`;
  if (typeof minimum === 'number') return `an integer of at least ${minimum}`;
  if (typeof maximum === 'number') return `an integer of at most ${maximum}`;
  return 'an integer';
}

/** `/then/code` → `then.code`, `/items/0` → `items[0]`: the way the messages name a field. */
function toFieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('');
}
