/**
 * A copy of a spec in which every path item has a `parameters` list (an empty one where it had none).
 * The differ reports a list added or removed as a whole as one change judged by its first item's absent
 * `required` (a required parameter given to an operation that had none was "added (optional)",
 * non-breaking); it merges a path item's list into each operation's, and between two lists it reports
 * and judges each parameter.
 * @example withParameterLists({ paths: { '/a': { get: {} } } }) // { paths: { '/a': { get: {}, parameters: [] } } }
 */
export function withParameterLists(document: unknown): unknown {
  const copy = structuredClone(document) as { paths: Record<string, unknown> };
  for (const item of Object.values(copy.paths)) {
    // A path item left empty (YAML null) has no operation to give a list to.
    if (typeof item === 'object' && item !== null) (item as { parameters?: unknown }).parameters ??= [];
  }
  return copy;
}
