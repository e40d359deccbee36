import type { IdParameter } from './contract-spec';
import type { Planner } from './probe-planner';

const INT64_OVERFLOW = '9223372036854775808';
const INT64_UNDERFLOW = '-9223372036854775809';

export function planBoundaries({ queryIds, pathIds, childIds, get, post, childWith, add }: Planner): void {
  for (const parameter of queryIds) {
    for (const value of boundaries(parameter)) {
      add({
        id: `${parameter.name}=${value}`,
        operation: 'getViewToken',
        intent: 'boundary',
        request: get(`?${parameter.name}=${value}`),
        where: `GET ${parameter.name}`,
        variant: value,
      });
    }
  }
  // The POST is probed beside its own View Token request only (its control): with the child ids given.
  if (!childIds) return;
  for (const parameter of pathIds) {
    for (const value of boundaries(parameter)) {
      const request = post(childWith({ [parameter.name]: value }));
      add({
        id: `${parameter.name}=${value} in the path`,
        operation: 'getChildFileViewToken',
        intent: 'boundary',
        request,
        where: `POST ${parameter.name} (path)`,
        variant: value,
      });
    }
  }
}

export function planMalformed({
  queryIds,
  pathIds,
  childIds,
  first: [firstName, firstId],
  spec,
  get,
  post,
  childWith,
  add,
}: Planner): void {
  const malformed: [string, string][] = [
    ['abc', 'abc'],
    ['1.5', '1.5'],
    ['empty', ''],
    ['int64 overflow', INT64_OVERFLOW],
    ['int64 underflow', INT64_UNDERFLOW],
  ];
  for (const [label, value] of malformed) {
    add({
      id: `${firstName}=${label}`,
      operation: 'getViewToken',
      intent: 'negative',
      request: get(`?${firstName}=${encodeURIComponent(value)}`),
      where: `GET ${firstName}`,
      variant: label,
    });
  }
  const where = `GET ${spec.operations.getViewToken.path}`;
  add({
    id: 'no id at all',
    operation: 'getViewToken',
    intent: 'negative',
    request: get(''),
    where,
    variant: 'no id at all',
  });
  const second = queryIds.find(({ name }) => name !== firstName)?.name;
  if (second)
    add({
      id: 'two ids at once',
      operation: 'getViewToken',
      intent: 'negative',
      request: get(`?${firstName}=${firstId}&${second}=${firstId}`),
      where,
      variant: 'two ids at once',
    });
  if (!childIds) return;
  for (const { name } of pathIds) {
    const where = `POST ${name} (path)`;
    add({
      id: `${name}=abc in the path`,
      operation: 'getChildFileViewToken',
      intent: 'negative',
      request: post(childWith({ [name]: 'abc' })),
      where,
      variant: 'abc',
    });
    add({
      id: `${name} int64 overflow in the path`,
      operation: 'getChildFileViewToken',
      intent: 'negative',
      request: post(childWith({ [name]: INT64_OVERFLOW })),
      where,
      variant: 'int64 overflow',
    });
  }
}

/**
 * Each given object id written as a lenient parser still reads it (`parseInt`, `Number`, `BigInt`,
 * `strtol`, a `^\d+$` regex that lets a final newline through, Unicode-digit parsers), in the query
 * and in the path: none may yield a token. `+N` and `0N` are not sent: strict decimal parsers
 * (Java's Long.parseLong, Go's strconv.ParseInt) read them as N, the same object.
 */
export function planLenient({ given, pathIds, childIds, get, post, childWith, add }: Planner): void {
  for (const [name, value] of given) {
    for (const [label, form] of lenientForms(value)) {
      const sent = encodeURIComponent(form);
      add({
        id: `${name}=${sent} (${label})`,
        operation: 'getViewToken',
        intent: 'lenient',
        request: get(`?${name}=${sent}`),
        where: `GET ${name}`,
        variant: label,
      });
    }
  }
  if (!childIds) return;
  for (const { name } of pathIds) {
    const value = childIds[name] ?? '';
    for (const [label, form] of lenientForms(value)) {
      const sent = encodeURIComponent(form);
      const request = post(childWith({ [name]: form }));
      add({
        id: `${name}=${sent} in the path (${label})`,
        operation: 'getChildFileViewToken',
        intent: 'lenient',
        request,
        where: `POST ${name} (path)`,
        variant: label,
      });
    }
  }
}

/** The forms of an int64 that a lenient parser reads as that int64, unencoded. */
function lenientForms(value: string): [string, string][] {
  const sign = value.startsWith('-') ? '-' : '';
  const digits = value.slice(sign.length);
  const inDigits = (zero: number): string =>
    sign + [...digits].map((digit) => String.fromCodePoint(zero + Number(digit))).join('');
  return [
    ['an exponent (Ne0)', `${value}e0`],
    ['hexadecimal (0x...)', `${sign}0x${BigInt(digits).toString(16)}`],
    ['a decimal point (N.0)', `${value}.0`],
    ['a leading space (%20N)', ` ${value}`],
    ['a trailing space (N%20)', `${value} `],
    ['a trailing newline (N%0A)', `${value}\n`],
    ['a NUL byte after it (N%00)', `${value}\u0000`],
    ['trailing letters (Nabc)', `${value}abc`],
    ['Arabic-Indic digits', inDigits(0x660)],
    ['fullwidth digits', inDigits(0xff10)],
  ];
}

/**
 * Each given query id's number under every other id parameter (`integrateId=<the fileId>`): whether
 * or not that names an object, its View Token must not be the one issued for the given object.
 */
export function planCrossed({ given, queryIds, get, add }: Planner): void {
  const taken = new Set(given.map(([name, value]) => `${name}=${value}`));
  for (const [name, value] of given) {
    for (const { name: other } of queryIds) {
      const object = `${other}=${value}`;
      if (taken.has(object)) continue;
      taken.add(object);
      add({
        id: `crossed ${object}`,
        operation: 'getViewToken',
        intent: 'crossed',
        request: get(`?${object}`),
        object,
        where: `GET ${other}`,
        variant: `the ${name}'s id ${value}`,
      });
    }
  }
}

/** The valid values at the edges of an int64 parameter's range: min, max, 0 and -1 where the schema allows them. */
function boundaries(parameter: IdParameter): string[] {
  const values = [parameter.minimum, parameter.maximum, 0n, -1n].filter(
    (value) => value >= parameter.minimum && value <= parameter.maximum,
  );
  return [...new Set(values.map(String))];
}
