import type { ChangeLocation } from './change-location';
import { at } from './change-location';
import type { Impact } from './change-reasons';
import type { ChangeAction, ChangeText } from './change-text';
import type { DifferChange } from './load-differ';
import { mediaTypeCovers } from './media-type-mapping';

/** What a rule sees of one change the differ reported. */
interface RuleInput {
  differ: DifferChange;
  location: ChangeLocation;
  text: ChangeText;
  /** The differ's merged document (after, with what was removed kept) and the key of its change marks. */
  merged: unknown;
  metaKey: symbol;
}

/** A rule of ours on top of the differ: where it misjudges for callers, the rule's verdict wins. */
export interface CallerRule {
  id: string;
  /** What the rule holds, for the docs and --help. */
  summary: string;
  judge: (input: RuleInput) => { impact: Impact; reason: string } | undefined;
}

/**
 * Our rules, in the order they are tried (the first that judges a change wins). Each exists because
 * the differ misjudges that change for callers; test/contracts/diff-rules.test.ts shows each on a
 * pair of specs.
 */
export const CALLER_RULES: readonly CallerRule[] = [
  {
    id: 'extension-changed',
    summary:
      'a change inside a vendor extension (an `x-` field of the spec, not a property, header or scheme so named) breaks no caller: it is not schema, callers send and read nothing of it (the differ leaves most such changes unclassified, breaking)',
    judge: ({ differ }) =>
      inExtension(differ.path)
        ? {
            impact: 'annotation',
            reason: 'a vendor extension (x-…): tools read it, callers send and read nothing of it',
          }
        : undefined,
  },
  {
    id: 'int64-type-changed',
    summary:
      'an int64 value (an id) changing type breaks callers on either side: they hold it as a 64-bit integer (the differ lets a query parameter or a response field go from integer to string)',
    judge: ({ differ, location, text, merged, metaKey }) => {
      if (text.kind !== 'type' || differ.action !== 'replace' || differ.before !== 'integer') return undefined;
      // The schema holding the `type` the differ reports.
      const schema = at(merged, differ.path.slice(0, -1)) as object;
      if (formatBefore(schema, metaKey) !== 'int64') return undefined;
      return {
        impact: 'breaking',
        reason:
          location.parameter === undefined
            ? `callers hold this int64 as a 64-bit integer: a generated client's type for it changes, and so does the JSON value ${location.side === 'response' ? 'they parse' : 'they send'} (123 → "123")`
            : "callers hold this int64 as a 64-bit integer: a generated client's type for it changes",
      };
    },
  },
  {
    id: 'type-replaced',
    summary:
      'a type replaced breaks callers unless it only widens what they send (integer → number; any parameter → string) or narrows what they read (number → integer; a type dropped from a 3.1 list): the differ calls every type change in a response body non-breaking',
    judge: ({ differ, location, text }) => {
      // A type added or removed has no list on one side: toTypes is undefined for it below.
      if (text.kind !== 'type' || location.side === 'document') return undefined;
      const before = toTypes(differ.before);
      const after = toTypes(differ.after);
      if (before === undefined || after === undefined) return undefined;
      const harmless =
        location.side === 'request'
          ? before.every(
              (type) => accepts(after, type) || (location.parameter !== undefined && after.includes('string')),
            )
          : after.every((type) => accepts(before, type));
      if (harmless)
        return location.side === 'request'
          ? { impact: 'non-breaking', reason: 'every value callers send is still of the new type' }
          : { impact: 'non-breaking', reason: 'every value callers now read is of a type they parse' };
      return {
        impact: 'breaking',
        reason:
          location.side === 'request'
            ? 'callers send the old type, which the new spec refuses'
            : 'callers parse the old type and get another',
      };
    },
  },
  {
    id: 'response-property-removed',
    summary:
      'a field removed from a response breaks callers that read it, optional or not (the differ calls an optional one non-breaking)',
    judge: ({ differ, location, text }) =>
      location.side === 'response' && text.kind === 'property' && differ.action === 'remove'
        ? { impact: 'breaking', reason: 'callers that read it no longer get it' }
        : undefined,
  },
  {
    id: 'security-added',
    summary:
      "credentials required where the old spec required none (no security, or `{}` among its alternatives) break every caller that sends none (the differ calls an operation's first security requirement, a scheme put in `{}`'s place and a `{}` removed non-breaking)",
    judge: ({ differ, location, merged, metaKey }) => {
      if (location.part !== 'security') return undefined;
      // An operation's change: its security, or the document's where it has none of its own.
      const operation = location.operation === undefined ? undefined : differ.path.slice(0, 3);
      if (requiresCredentials(securityOf(merged, operation, 'before', metaKey))) return undefined;
      if (!requiresCredentials(securityOf(merged, operation, 'after', metaKey))) return undefined;
      return { impact: 'breaking', reason: 'callers that send no credentials are refused' };
    },
  },
  {
    id: 'request-media-type-narrowed',
    summary:
      'a media type a request takes narrowed (`*/*` → `application/json`) breaks callers that send another one the old type took (the differ calls a media type renamed non-breaking; narrowed in a response it breaks no reader)',
    judge: ({ differ, location }) => {
      // The differ reports a media type paired with another (media-type-mapping) as the content map's key renamed.
      if (location.side !== 'request' || differ.action !== 'rename' || differ.path.at(-1) !== 'content')
        return undefined;
      const { before, after } = differ;
      if (typeof before !== 'string' || typeof after !== 'string' || mediaTypeCovers(after, before)) return undefined;
      return {
        impact: 'breaking',
        reason: `callers that send a media type ${JSON.stringify(before)} took and ${JSON.stringify(after)} does not are refused`,
      };
    },
  },
  {
    id: 'request-media-type-still-taken',
    summary:
      'a media type a request takes removed breaks no caller when one the request still takes covers it (`application/json` removed beside `*/*`): the differ calls every request media type removed breaking',
    judge: (input) => {
      const removal = input.location.side === 'request' ? mediaTypeRemoved(input) : undefined;
      const cover = removal?.kept.find((mediaType) => mediaTypeCovers(mediaType, removal.removed));
      if (removal === undefined || cover === undefined) return undefined;
      return { impact: 'non-breaking', reason: `what callers send as ${removal.removed} is still taken, as ${cover}` };
    },
  },
  {
    id: 'response-media-type-still-promised',
    summary:
      'a media type a response gives removed breaks no reader when it covers one the response still gives (`*/*` removed beside `application/json`): readers get a part of what they were promised; the differ calls every response media type removed breaking',
    judge: (input) => {
      const removal = input.location.side === 'response' ? mediaTypeRemoved(input) : undefined;
      const covered = removal?.kept.find((mediaType) => mediaTypeCovers(removal.removed, mediaType));
      if (removal === undefined || covered === undefined) return undefined;
      return {
        impact: 'non-breaking',
        reason: `callers now read ${covered}, which ${removal.removed} promised: a part of what they were promised`,
      };
    },
  },
  {
    id: 'deprecated-still-served',
    summary: 'a deprecation does not break callers yet: the operation or field is still served',
    judge: ({ differ }) =>
      differ.type === 'deprecated'
        ? { impact: 'non-breaking', reason: 'still served: callers have time to move off it' }
        : undefined,
  },
  {
    id: 'unclassified-judged',
    summary:
      'what the differ leaves unclassified on an operation is judged: a removal or replacement breaks callers, an addition does not',
    judge: ({ differ, location }) => {
      if (differ.type !== 'unclassified' || location.side === 'document') return undefined;
      return differ.action === 'add'
        ? { impact: 'non-breaking', reason: 'new: no caller uses it yet' }
        : { impact: 'breaking', reason: UNCLASSIFIED_REASON[differ.action] };
    },
  },
];

const UNCLASSIFIED_REASON: Record<Exclude<ChangeAction, 'add'>, string> = {
  remove: 'callers that use it find it gone',
  replace: 'replaced as a whole: callers that used the old one may be refused or misread (the differ could not tell)',
  rename: 'renamed: callers that use the old name find it gone',
};

/** Fields whose keys are names (of a property, a header, a media type, a scheme), where `x-…` names no extension. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'headers',
  'content',
  'encoding',
  'schemas',
  'securitySchemes',
  'examples',
  'links',
  'scopes',
  'variables',
]);

/** Fields whose value is data (an example, a default), where `x-…` is a key of that data. */
const DATA_FIELDS = new Set(['example', 'default', 'const', 'enum', 'value']);

/**
 * Whether a path of the merged document goes through a vendor extension: an `x-` field of an
 * OpenAPI object or a schema, not a key of a map of names (`properties/x-trace`), nor of a security
 * requirement (`security/0/x-key`: a scheme's name), nor inside data.
 */
function inExtension(path: readonly (string | number)[]): boolean {
  // Whether the segment is a name (a key of a map of names) rather than a field.
  let name = false;
  for (const [index, segment] of path.entries()) {
    if (name || typeof segment === 'number') {
      // The keys of a security list's requirement (security/0/…) are scheme names.
      name = typeof segment === 'number' && path[index - 1] === 'security';
      continue;
    }
    if (segment.startsWith('x-')) return true;
    if (DATA_FIELDS.has(segment)) return false;
    name = NAME_MAPS.has(segment);
  }
  return false;
}

/**
 * A media type removed whole from a content map, and the media types the map still holds after the
 * change; undefined for any other change.
 */
function mediaTypeRemoved({
  differ,
  location,
  merged,
  metaKey,
}: RuleInput): { removed: string; kept: string[] } | undefined {
  const removed = location.mediaType;
  if (differ.action !== 'remove' || removed === undefined || location.rest.length > 0) return undefined;
  // The content map, in the merged document with the removed media type kept (marked: absent after).
  const content = at(merged, differ.path.slice(0, -1));
  const kept = Object.keys(content ?? {}).filter(
    (mediaType) => versionOf(content, mediaType, 'after', metaKey) !== ABSENT,
  );
  return { removed, kept };
}

/** A schema's `type` as a list (`"string"` or 3.1's `["string", "null"]`); undefined for anything else. */
function toTypes(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) && type.every((item) => typeof item === 'string') ? (type as string[]) : undefined;
}

/** Whether a value of `type` is one of `types` (an integer is a number). */
function accepts(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/**
 * Whether a `security` (a list of alternatives) asks every caller for credentials: not when it is
 * empty, nor when one alternative is `{}` (the one of sending none).
 */
function requiresCredentials(security: unknown): boolean {
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((alternative) => Object.keys(alternative ?? {}).length > 0);
}

/** A change mark of the differ's merged document: on an object's key, or (under `array`) on a list's items. */
interface ChangeMark {
  action?: string;
  replaced?: unknown;
  array?: Record<number, ChangeMark>;
}

const ABSENT = Symbol('absent');

/**
 * The `security` that applies to an operation (its own, else the document's; the document's where
 * `operation`, its path in the merged document, is undefined) before or after the change.
 */
function securityOf(
  merged: unknown,
  operation: readonly (string | number)[] | undefined,
  side: 'before' | 'after',
  metaKey: symbol,
): unknown {
  const global = versionOf(merged, 'security', side, metaKey);
  const own = operation === undefined ? ABSENT : versionOf(at(merged, operation), 'security', side, metaKey);
  return own === ABSENT ? global : own;
}

/** A key of an object in the merged document as it was before the change or is after it (ABSENT where it was not, or is no more). */
function versionOf(parent: unknown, key: string, side: 'before' | 'after', metaKey: symbol): unknown {
  if (typeof parent !== 'object' || parent === null) return ABSENT;
  const marks = (parent as Record<symbol, Record<string, ChangeMark> | undefined>)[metaKey];
  return markedVersion((parent as Record<string, unknown>)[key], marks?.[key], side, metaKey);
}

function markedVersion(
  value: unknown,
  mark: ChangeMark | undefined,
  side: 'before' | 'after',
  metaKey: symbol,
): unknown {
  if (mark?.action === 'add') return side === 'before' ? ABSENT : value;
  if (mark?.action === 'remove') return side === 'before' ? value : ABSENT;
  if (mark?.action === 'replace') return side === 'before' ? mark.replaced : value;
  if (value === undefined) return ABSENT;
  if (Array.isArray(value))
    return value
      .map((item, index) => markedVersion(item, mark?.array?.[index], side, metaKey))
      .filter((item) => item !== ABSENT);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .map((key) => [key, versionOf(value, key, side, metaKey)])
      .filter(([, item]) => item !== ABSENT),
  );
}

/** The `format` a schema had before the change, read from the merged schema and its change marks. */
function formatBefore(schema: object, metaKey: symbol): unknown {
  const marks = (schema as Record<symbol, Record<string, { action?: string; replaced?: unknown }> | undefined>)[
    metaKey
  ];
  const mark = marks?.format;
  if (mark?.action === 'add') return undefined;
  if (mark?.action === 'replace') return mark.replaced;
  return (schema as { format?: unknown }).format;
}
