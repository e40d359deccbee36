/** Which side of an exchange a change is on: what callers send, what they read, or neither (docs, servers). */
export type ChangeSide = 'request' | 'response' | 'document';

/** Where in the spec a change is, as a caller sees it. */
export interface ChangeLocation {
  side: ChangeSide;
  /** `GET /view/token`; undefined for a change to the whole document (global security, info). */
  operation: { method: string; path: string } | undefined;
  /** `query parameter fileId`, `response 200 application/json`, `request body`, `security`. */
  part: string;
  parameter?: { name: string; in: string };
  status?: string;
  mediaType?: string;
  /** The segments below the part: a schema's path (`properties`, `id`, `type`) or a keyword (`required`). */
  rest: (string | number)[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * Where a change at a path of the differ's merged document is; undefined for the places callers only
 * meet through an operation (components: the differ reports each use under the operation too).
 * @example locate(['paths', '/view/token', 'get', 'responses', '404'], merged)?.part // 'response 404'
 */
export function locate(path: readonly (string | number)[], merged: unknown): ChangeLocation | undefined {
  const [root, second, third, ...below] = path;
  if (root === 'paths' && typeof second === 'string') return locateInPath(second, third, below, merged);
  if (root === 'security') return { side: 'request', operation: undefined, part: 'security', rest: path.slice(1) };
  if (root === 'components' && second === 'securitySchemes')
    return { side: 'request', operation: undefined, part: `security scheme ${String(third)}`, rest: below };
  if (root === 'components') return undefined;
  return { side: 'document', operation: undefined, part: path.map(String).join('.'), rest: [] };
}

function locateInPath(
  template: string,
  key: string | number | undefined,
  below: (string | number)[],
  merged: unknown,
): ChangeLocation {
  // The path itself added or removed (the differ leaves that unclassified).
  if (key === undefined) return { side: 'request', operation: { method: '*', path: template }, part: 'path', rest: [] };
  const method = String(key);
  if (!METHODS.has(method)) {
    const base = { method: '*', path: template };
    if (method === 'parameters') return locateParameter(base, [template, 'parameters'], below, merged);
    return { side: 'document', operation: base, part: method, rest: below };
  }
  const operation = { method: method.toUpperCase(), path: template };
  const [area, ...rest] = below;
  if (area === undefined) return { side: 'request', operation, part: 'operation', rest: [] };
  if (area === 'parameters') return locateParameter(operation, [template, method, 'parameters'], rest, merged);
  if (area === 'requestBody') return locateContent({ side: 'request', operation, part: 'request body' }, rest);
  if (area === 'responses') return locateResponse(operation, rest);
  if (area === 'security') return { side: 'request', operation, part: 'security', rest };
  if (area === 'deprecated') return { side: 'request', operation, part: 'operation', rest: below };
  return { side: 'document', operation, part: String(area), rest };
}

function locateParameter(
  operation: { method: string; path: string },
  arrayPath: (string | number)[],
  [index, ...rest]: (string | number)[],
  merged: unknown,
): ChangeLocation {
  const parameter = at(merged, ['paths', ...arrayPath, index ?? -1]) as { name?: unknown; in?: unknown } | undefined;
  const name = String(parameter?.name ?? `#${String(index)}`);
  const where = String(parameter?.in ?? 'unknown');
  return {
    side: 'request',
    operation,
    part: `${where} parameter ${name}`,
    parameter: { name, in: where },
    rest: rest[0] === 'schema' ? rest.slice(1) : rest,
  };
}

function locateResponse(operation: { method: string; path: string }, [status, area, ...rest]: (string | number)[]) {
  const base = { side: 'response' as const, operation, part: `response ${String(status)}`, status: String(status) };
  if (status === undefined) return { ...base, part: 'responses', rest: [] };
  // The headers object added or removed as a whole: no one header to name.
  if (area === 'headers' && rest.length === 0) return { ...base, part: `${base.part} headers`, rest: [] };
  if (area === 'headers') return { ...base, part: `${base.part} header ${String(rest[0])}`, rest: rest.slice(1) };
  if (area === 'content') return locateContent(base, ['content', ...rest]);
  return { ...base, rest: area === undefined ? [] : [area, ...rest] };
}

function locateContent(base: Omit<ChangeLocation, 'rest'>, below: (string | number)[]): ChangeLocation {
  const [area, mediaType, schema, ...rest] = below;
  if (area !== 'content' || mediaType === undefined) return { ...base, rest: below };
  const part = `${base.part} ${String(mediaType)}`;
  if (schema === 'schema') return { ...base, part, mediaType: String(mediaType), rest };
  return { ...base, part, mediaType: String(mediaType), rest: schema === undefined ? [] : [schema, ...rest] };
}

/**
 * The value at a path of a document (undefined where it has none). In the differ's merged document a
 * key the differ reports renamed (a path template, `/items/{id}` → `/items/{itemId}`) is held under its
 * new name only, while its changes' paths name the old one: the old name finds it through the change mark.
 */
export function at(document: unknown, path: readonly (string | number)[]): unknown {
  let value = document;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    const object = value as Record<string | number, unknown>;
    value = key in object ? object[key] : object[renamedTo(object, key) ?? key];
  }
  return value;
}

/** The key the differ's change marks on `object` say `key` was renamed to (the marks sit under a symbol). */
function renamedTo(object: object, key: string | number): string | undefined {
  for (const symbol of Object.getOwnPropertySymbols(object)) {
    const marks = (object as Record<symbol, Record<string, { action?: unknown; replaced?: unknown } | undefined>>)[
      symbol
    ];
    const renamed = Object.entries(marks ?? {}).find(([, mark]) => mark?.action === 'rename' && mark.replaced === key);
    if (renamed) return renamed[0];
  }
  return undefined;
}
