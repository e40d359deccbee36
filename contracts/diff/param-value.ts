import { follow } from './operations';

const INTEGER = /^[+-]?\d+$/;
const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/**
 * Why a parameter's schema refuses a value a recorded call sent (a query or path string), or
 * undefined when it accepts it. What is checked: type (integer, number, boolean), int32/int64 range,
 * enum, minimum/maximum, length and pattern; a list checks each of its values. Other keywords accept.
 * @example refusal(document, { type: 'integer', format: 'int64' }, 'abc') // 'not an integer'
 */
export function refusal(
  document: Record<string, unknown>,
  rawSchema: unknown,
  value: string | readonly string[],
): string | undefined {
  const schema = follow(document, rawSchema) as Record<string, unknown> | undefined;
  if (schema === undefined) return undefined;
  if (schema.type === 'array') {
    const values = typeof value === 'string' ? [value] : value;
    return values.map((item) => refusal(document, schema.items, item)).find((why) => why !== undefined);
  }
  const one = typeof value === 'string' ? value : value[value.length - 1];
  return one === undefined ? undefined : scalarRefusal(schema, one);
}

function scalarRefusal(schema: Record<string, unknown>, value: string): string | undefined {
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => String(allowed) === value))
    return `not one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
  if (schema.type === 'integer') return integerRefusal(schema, value);
  if (schema.type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value)))) return 'not a number';
  if (schema.type === 'boolean' && value !== 'true' && value !== 'false') return 'not true or false';
  if (schema.type === 'number') return boundsRefusal(schema, Number(value));
  return stringRefusal(schema, value);
}

function integerRefusal(schema: Record<string, unknown>, value: string): string | undefined {
  if (!INTEGER.test(value)) return 'not an integer';
  const range = RANGES[String(schema.format)];
  const number = BigInt(value);
  if (range !== undefined && (number < range[0] || number > range[1]))
    return `out of the ${String(schema.format)} range`;
  return boundsRefusal(schema, Number(value));
}

function boundsRefusal(schema: Record<string, unknown>, number: number): string | undefined {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === 'number' && (number < minimum || (exclusiveMinimum === true && number === minimum)))
    return `below the minimum ${minimum}`;
  if (typeof maximum === 'number' && (number > maximum || (exclusiveMaximum === true && number === maximum)))
    return `above the maximum ${maximum}`;
  if (typeof exclusiveMinimum === 'number' && number <= exclusiveMinimum) return `not above ${exclusiveMinimum}`;
  if (typeof exclusiveMaximum === 'number' && number >= exclusiveMaximum) return `not below ${exclusiveMaximum}`;
  return undefined;
}

function stringRefusal(schema: Record<string, unknown>, value: string): string | undefined {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return `shorter than ${schema.minLength}`;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return `longer than ${schema.maxLength}`;
  if (typeof schema.pattern === 'string' && !safePattern(schema.pattern).test(value))
    return `does not match ${schema.pattern}`;
  return undefined;
}

/** A spec's pattern; one JavaScript cannot compile accepts everything (it is not this command's to judge). */
function safePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch {
    return /(?:)/;
  }
}
