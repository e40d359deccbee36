import { follow, HTTP_METHODS } from './operations';

/**
 * A copy of a spec in which every path item has a `parameters` list (an empty one where it had none),
 * and every parameter of a path item or an operation is written out (its `$ref` followed in that spec).
 * The differ reports a list added or removed as a whole as one change judged by its first item's absent
 * `required` (a required parameter given to an operation that had none was "added (optional)",
 * non-breaking); it merges a path item's list into each operation's, and between two lists it reports
 * and judges each parameter. A parameter it reports added or removed is kept as it was written: a bare
 * `$ref` has no name to show and no `required` to judge by (a required one added was non-breaking).
 * @example withParameterLists({ paths: { '/a': { get: {} } } }) // { paths: { '/a': { get: {}, parameters: [] } } }
 */
export function withParameterLists(document: unknown): unknown {
  const copy = structuredClone(document) as Record<string, unknown> & { paths: Record<string, unknown> };
  for (const item of Object.values(copy.paths)) {
    // A path item left empty (YAML null) has no operation to give a list to.
    if (typeof item !== 'object' || item === null) continue;
    const pathItem = item as Record<string, unknown>;
    pathItem.parameters = writtenOut(copy, pathItem.parameters ?? []);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method] as { parameters?: unknown } | null | undefined;
      if (operation?.parameters !== undefined) operation.parameters = writtenOut(copy, operation.parameters);
    }
  }
  return copy;
}

/** A list's parameters with their `$ref`s followed in `document`; one that names nothing is kept as written. */
function writtenOut(document: Record<string, unknown>, parameters: unknown): unknown {
  if (!Array.isArray(parameters)) return parameters;
  return parameters.map((parameter: unknown) => follow(document, parameter) ?? parameter);
}
