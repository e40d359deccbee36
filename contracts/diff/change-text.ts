import type { ChangeLocation } from './change-location';

/** What a change is, in a word the rules and reasons key on. */
export type ChangeKind =
  | 'path'
  | 'operation'
  | 'parameter'
  | 'response'
  | 'media-type'
  | 'header'
  | 'property'
  | 'required'
  | 'enum-value'
  | 'type'
  | 'format'
  | 'security'
  | 'keyword';

export type ChangeAction = 'add' | 'remove' | 'replace' | 'rename';

/** A change described: its kind, the field it is in (`owner.id`), and one line saying what changed. */
export interface ChangeText {
  kind: ChangeKind;
  field: string | undefined;
  text: string;
}

const DONE: Record<ChangeAction, string> = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' };

/**
 * Says what changed at a location, e.g. `id: type "integer" → "string"` or `enum value "full" removed`.
 * @example describeChange(location, 'remove', 'full', undefined).text // 'enum value "full" removed'
 */
export function describeChange(
  location: ChangeLocation,
  action: ChangeAction,
  before: unknown,
  after: unknown,
): ChangeText {
  if (location.part === 'security' && typeof location.rest[0] === 'number')
    return { kind: 'security', field: undefined, text: securityText(location.rest, action, before, after) };
  const { field, keyword } = splitSchemaPath(location.rest);
  const whole = keyword.length === 0;
  const prefix = field === undefined ? '' : `${field}: `;
  if (whole && field !== undefined) return { kind: 'property', field, text: `property ${field} ${DONE[action]}` };
  if (whole) return { kind: wholeKind(location), field, text: wholeText(location, action, before, after) };
  const [word, index] = keyword;
  const value = action === 'add' ? after : before;
  if (word === 'enum' && typeof index === 'number')
    return { kind: 'enum-value', field, text: `${prefix}enum value ${show(value)} ${DONE[action]}` };
  if (word === 'required' && typeof index === 'number')
    return {
      kind: 'required',
      field,
      text: `${prefix}${show(value)} ${action === 'add' ? 'made required' : 'no longer required'}`,
    };
  const kind = word === 'type' ? 'type' : word === 'format' ? 'format' : word === 'required' ? 'required' : 'keyword';
  const name = keyword.map(String).join('.');
  if (action === 'replace' || action === 'rename')
    return { kind, field, text: `${prefix}${name} ${show(before)} → ${show(after)}` };
  return { kind, field, text: `${prefix}${name} ${show(value)} ${DONE[action]}` };
}

/**
 * A change inside a `security` list, whose items are alternatives (a caller meets any one of them):
 * `alternative 2 added: no credentials ({})`, `scheme bearerAuth added to alternative 1`,
 * `alternative 1: scheme oauth scope "write" added`.
 */
function securityText(rest: readonly (string | number)[], action: ChangeAction, before: unknown, after: unknown) {
  const [index, scheme, ...scope] = rest;
  const alternative = `alternative ${Number(index) + 1}`;
  if (scheme === undefined) {
    if (action === 'replace') return `${alternative} changed: ${requirement(before)} → ${requirement(after)}`;
    return `${alternative} ${DONE[action]}: ${requirement(action === 'add' ? after : before)}`;
  }
  if (scope.length === 0) {
    if (action === 'add') return `scheme ${String(scheme)} added to ${alternative}`;
    if (action === 'remove') return `scheme ${String(scheme)} removed from ${alternative}`;
    return `${alternative}: scheme ${String(scheme)} scopes ${show(before)} → ${show(after)}`;
  }
  if (action === 'replace') return `${alternative}: scheme ${String(scheme)} scope ${show(before)} → ${show(after)}`;
  return `${alternative}: scheme ${String(scheme)} scope ${show(action === 'add' ? after : before)} ${DONE[action]}`;
}

/** A security requirement in words: `no credentials ({})`, `bearerAuth`, `oauth (scopes "read") and apiKey`. */
function requirement(value: unknown): string {
  const schemes = Object.entries((value ?? {}) as Record<string, unknown>);
  if (schemes.length === 0) return 'no credentials ({})';
  return schemes
    .map(([name, scopes]) =>
      Array.isArray(scopes) && scopes.length > 0
        ? `${name} (scopes ${scopes.map((one) => show(one)).join(', ')})`
        : name,
    )
    .join(' and ');
}

/** `removed`, `added (required)`: the location already names what. */
function wholeText(location: ChangeLocation, action: ChangeAction, before: unknown, after: unknown): string {
  const value = action === 'add' ? after : before;
  if (action === 'replace') return `changed: ${show(before)} → ${show(after)}`;
  if (location.parameter === undefined) return DONE[action];
  const required = (value as { required?: unknown } | undefined)?.required === true;
  return `${DONE[action]} (${required ? 'required' : 'optional'})`;
}

function wholeKind(location: ChangeLocation): ChangeKind {
  if (location.part === 'path') return 'path';
  if (location.part === 'operation') return 'operation';
  if (location.part.startsWith('security')) return 'security';
  if (location.parameter !== undefined) return 'parameter';
  if (location.mediaType !== undefined) return 'media-type';
  if (location.part.includes(' header ') || location.part.endsWith(' headers')) return 'header';
  if (location.status !== undefined) return 'response';
  return 'keyword';
}

/** `properties/owner/properties/id/type` → field `owner.id`, keyword `type`; `items` reads `[]`. */
function splitSchemaPath(rest: readonly (string | number)[]): {
  field: string | undefined;
  keyword: (string | number)[];
} {
  const field: string[] = [];
  let index = 0;
  while (index < rest.length) {
    const segment = rest[index];
    const next = rest[index + 1];
    if (segment === 'properties' && next !== undefined) {
      field.push(String(next));
      index += 2;
    } else if (segment === 'items') {
      field.push('[]');
      index += 1;
    } else if ((segment === 'allOf' || segment === 'oneOf' || segment === 'anyOf') && typeof next === 'number') {
      field.push(`(${segment} ${next})`);
      index += 2;
    } else if (segment === 'additionalProperties' && next !== undefined) {
      field.push('*');
      index += 1;
    } else break;
  }
  return {
    field: field.length === 0 ? undefined : field.join('.').replace(/\.\[\]/g, '[]'),
    keyword: rest.slice(index),
  };
}

/** A value in a line of text: JSON, cut at 80 characters. */
function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
