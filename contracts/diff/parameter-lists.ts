const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * A copy of a spec in which every path item and operation has a `parameters` list (an empty one where
 * it had none). The differ reports a list added or removed as a whole as one change judged by its first
 * item's absent `required` (a required parameter given to an operation that had none was "added
 * (optional)", non-breaking); between two lists it reports and judges each parameter.
 * @example withParameterLists({ paths: { '/a': { get: {} } } }) // { paths: { '/a': { parameters: [], get: { parameters: [] } } } }
 */
export function withParameterLists(document: unknown): unknown {
  const copy = structuredClone(document) as { paths: Record<string, unknown> };
  for (const item of Object.values(copy.paths)) {
    if (!isObject(item)) continue;
    item.parameters ??= [];
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation)) operation.parameters ??= [];
    }
  }
  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
