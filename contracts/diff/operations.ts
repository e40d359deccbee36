import { at } from './change-location';

/** One operation of a spec, as recorded calls are matched against it. */
export interface SpecOperation {
  method: string;
  template: string;
  /** Parameters by `in` and name (path-level and operation-level, the operation's winning), `$ref`s followed. */
  parameters: Map<string, SpecParameter>;
  /** The response keys it documents: `200`, `4XX`, `default`. */
  statuses: string[];
  /** Whether it has a `security` of its own (the document's does not reach it), and the schemes its callers may use. */
  security: { own: boolean; schemes: Set<string> };
}

interface SpecParameter {
  name: string;
  in: string;
  required: boolean;
  schema: Record<string, unknown> | undefined;
}

/** The keys of a path item that are operations. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The operations of an OpenAPI document (local `$ref`s followed, as read-spec checked they resolve).
 * @example listOperations(spec.document).map(({ method, template }) => `${method} ${template}`) // ['GET /view/token', …]
 */
export function listOperations(document: Record<string, unknown>): SpecOperation[] {
  const paths = document.paths as Record<string, unknown>;
  return Object.entries(paths).flatMap(([template, rawItem]) => {
    const item = follow(document, rawItem) as Record<string, unknown> | null | undefined;
    // A path item left empty (YAML `/drafts:` with nothing under it) has no operation.
    if (!item) return [];
    const shared = toParameters(document, item.parameters);
    return HTTP_METHODS.filter((method) => typeof item[method] === 'object' && item[method] !== null).map((method) => {
      const operation = item[method] as Record<string, unknown>;
      const responses = (follow(document, operation.responses) ?? {}) as Record<string, unknown>;
      return {
        method: method.toUpperCase(),
        template,
        parameters: new Map([...shared, ...toParameters(document, operation.parameters)]),
        statuses: Object.keys(responses),
        security: securityOf(operation.security, document.security),
      };
    });
  });
}

function securityOf(own: unknown, global: unknown): SpecOperation['security'] {
  const requirements = Array.isArray(own) ? own : Array.isArray(global) ? global : [];
  const schemes = requirements.flatMap((requirement: unknown) =>
    typeof requirement === 'object' && requirement !== null ? Object.keys(requirement) : [],
  );
  return { own: Array.isArray(own), schemes: new Set(schemes) };
}

/** The operation a recorded call went to: its method, and the template its path fits (the most literal segments win). */
export function findOperation(
  operations: readonly SpecOperation[],
  method: string,
  path: string,
): { operation: SpecOperation; pathValues: Record<string, string> } | undefined {
  let best: { operation: SpecOperation; pathValues: Record<string, string>; literals: number } | undefined;
  for (const operation of operations) {
    if (operation.method !== method.toUpperCase()) continue;
    const fit = fitTemplate(operation.template, path);
    if (fit !== undefined && (best === undefined || fit.literals > best.literals)) best = { operation, ...fit };
  }
  return best === undefined ? undefined : { operation: best.operation, pathValues: best.pathValues };
}

/** Whether an operation documents a status: the code itself, its class (`4XX`) or `default`. */
export function documentsStatus(operation: SpecOperation, status: number): boolean {
  const code = String(status);
  return operation.statuses.some(
    (key) => key === code || key.toUpperCase() === `${code.charAt(0)}XX` || key === 'default',
  );
}

function fitTemplate(
  template: string,
  path: string,
): { pathValues: Record<string, string>; literals: number } | undefined {
  const want = templateSegments(template);
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const pathValues: Record<string, string> = {};
  // A literal segment counts 1; one with literal text beside its parameters (`{name}.json`) a half: it
  // fits fewer paths than parameters alone, more than a literal segment.
  let literals = 0;
  for (const [index, segment] of want.entries()) {
    const values = fitSegment(segment, got[index] as string); // as many segments as want: checked above
    if (values === undefined) return undefined;
    for (const [at, name] of segment.names.entries()) pathValues[name] = safeDecode(values[at] as string);
    literals += segment.names.length === 0 ? 1 : segment.texts.join('') === '' ? 0 : 0.5;
  }
  return { pathValues, literals };
}

/** A template's segment: its literal texts, with a parameter between each two (`{name}.{ext}`: `''`, `.`, `''`). */
interface TemplateSegment {
  texts: string[];
  names: string[];
}

const segmentsOf = new Map<string, TemplateSegment[]>();

/** A template's segments, read once per template (each recorded call is matched against every template). */
function templateSegments(template: string): TemplateSegment[] {
  let segments = segmentsOf.get(template);
  if (segments === undefined) {
    segments = template.split('/').map((segment) => {
      const parts = segment.split(/\{([^{}]+)\}/);
      return { texts: parts.filter((_, index) => index % 2 === 0), names: parts.filter((_, index) => index % 2 === 1) };
    });
    segmentsOf.set(template, segments);
  }
  return segments;
}

/**
 * The values a segment of a path gives a template segment's parameters, or undefined when it does not
 * fit: the literal texts as they are, each parameter one character or more, an earlier parameter taking
 * as much as it can (`{name}.{ext}` reads `a.b.c` as `a.b` and `c`; `{name}.json` fits `report.json`,
 * not `.json` nor `report.xml`).
 *
 * Each literal text is found from the right, at the last place that leaves a character to the
 * parameter after it: no backtracking, so a long segment that does not fit costs one pass per literal
 * (a pattern such as `^(.+)\.(.+)$` takes time growing with the square of the segment's length).
 */
function fitSegment({ texts, names }: TemplateSegment, segment: string): string[] | undefined {
  const first = texts[0] as string;
  const last = texts[names.length] as string;
  if (names.length === 0) return segment === first ? [] : undefined;
  if (!segment.startsWith(first) || !segment.endsWith(last)) return undefined;
  const values: string[] = [];
  let end = segment.length - last.length; // where the parameter being read ends
  for (let index = names.length - 1; index >= 0; index -= 1) {
    const text = texts[index] as string;
    // The first text begins the segment (checked above); each other one ends a character before `end` at the latest.
    const start = index === 0 ? 0 : segment.lastIndexOf(text, end - 1 - text.length);
    if (start < 0 || start + text.length >= end) return undefined; // not there, or the parameter after it would be empty
    values.unshift(segment.slice(start + text.length, end));
    end = start;
  }
  return values;
}

function toParameters(document: Record<string, unknown>, raw: unknown): Map<string, SpecParameter> {
  const parameters = new Map<string, SpecParameter>();
  for (const entry of Array.isArray(raw) ? raw : []) {
    const parameter = follow(document, entry) as Record<string, unknown> | undefined;
    if (typeof parameter?.name !== 'string' || typeof parameter.in !== 'string') continue;
    const schema = follow(document, parameter.schema) as Record<string, unknown> | undefined;
    parameters.set(`${parameter.in} ${parameter.name}`, {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      schema,
    });
  }
  return parameters;
}

/** A value with its local `$ref`s followed (31 at most, then undefined: a cycle of refs names nothing). */
export function follow(document: Record<string, unknown>, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops < 32; hops += 1) {
    const ref = (current as { $ref?: unknown } | null | undefined)?.$ref;
    // Each $ref is local (`#/…`), as read-spec checked: the pointer's first piece is the `#`.
    if (typeof ref !== 'string') return current;
    const keys = decodeURIComponent(ref)
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = at(document, keys);
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
