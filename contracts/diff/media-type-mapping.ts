/** Keys of one content map paired before → after: what the differ's mapping resolvers return. */
interface KeyMapping {
  added: string[];
  removed: string[];
  mapped: Record<string, string>;
}

type Rules = Record<string, unknown>;
type RulesFunction = (context: unknown) => unknown;

/**
 * Pairs the media types of a content map: the same type first, then (for what is left) a wildcard
 * match (`*\/*` ↔ `application/json`). The differ's own resolver takes the first wildcard match, so a
 * content map holding both `*\/*` and `application/json` (as the View Token contract's does) pairs
 * `application/json` with `*\/*` and reports it removed and added although nothing changed.
 * @example mapMediaTypes({ '*\/*': 1, 'application/json': 1 }, { '*\/*': 1, 'application/json': 1 }).removed // []
 */
function mapMediaTypes(before: Record<string, unknown>, after: Record<string, unknown>): KeyMapping {
  const free = new Set(Object.keys(after));
  const mapped: Record<string, string> = {};
  const unpaired: string[] = [];
  for (const key of Object.keys(before)) {
    const same = [...free].find((candidate) => essence(candidate) === essence(key));
    if (same === undefined) unpaired.push(key);
    else pair(key, same);
  }
  const removed = unpaired.filter((key) => {
    const match = [...free].find((candidate) => wildcardMatch(essence(key), essence(candidate)));
    if (match !== undefined) pair(key, match);
    return match === undefined;
  });
  return { added: [...free], removed, mapped };

  function pair(key: string, match: string): void {
    mapped[key] = match;
    free.delete(match);
  }
}

/**
 * The differ's OpenAPI rules with its content-map resolver replaced by mapMediaTypes wherever it
 * appears (rules are nested objects and functions that make them on demand: both are followed).
 */
export function withMediaTypeMapping(rules: Rules, differMapping: unknown): Rules {
  const copies = new WeakMap<object, unknown>();
  const patch = (value: unknown): unknown => {
    if (typeof value === 'function') return (context: unknown) => patch((value as RulesFunction)(context));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    const copy: Rules = { ...(value as Rules) };
    copies.set(value, copy);
    if (copy.mapping === differMapping) copy.mapping = mapMediaTypes;
    for (const key of Object.keys(copy)) if (key.startsWith('/')) copy[key] = patch(copy[key]);
    return copy;
  };
  return patch(rules) as Rules;
}

/** `application/json; charset=utf-8` → `application/json` (lower case). */
function essence(mediaType: string): string {
  // split gives at least one piece, the text before any `;`.
  const [type] = mediaType.split(';') as [string];
  return type.trim().toLowerCase();
}

/**
 * Whether every media type `narrow` names is one `wide` names too (its case and parameters aside).
 * @example mediaTypeCovers('application/*', 'application/json') // true, and false the other way round
 */
export function mediaTypeCovers(wide: string, narrow: string): boolean {
  const [type, subtype] = essence(wide).split('/');
  const [narrowType, narrowSubtype] = essence(narrow).split('/');
  return (type === '*' || type === narrowType) && (subtype === '*' || subtype === narrowSubtype);
}

function wildcardMatch(one: string, other: string): boolean {
  const [type, subtype] = one.split('/');
  const [otherType, otherSubtype] = other.split('/');
  const fits = (a: string | undefined, b: string | undefined): boolean => a === b || a === '*' || b === '*';
  return fits(type, otherType) && fits(subtype, otherSubtype);
}
