// The one line the diff says about each change (describeChange), from the location the differ's path
// was read into: the kind the rules key on, the field path through a schema, and the wording a reader sees.
import type { ChangeLocation } from '../../contracts/diff/change-location';
import type { ChangeAction, ChangeText } from '../../contracts/diff/change-text';
import { describeChange } from '../../contracts/diff/change-text';

const GET = { method: 'GET', path: '/view/token' };

/** A schema change in the 200 answer's JSON body, `rest` being the path below the schema. */
function inBody(rest: (string | number)[]): ChangeLocation {
  return {
    side: 'response',
    operation: GET,
    part: 'response 200 application/json',
    status: '200',
    mediaType: 'application/json',
    rest,
  };
}

const QUERY_FILE_ID: ChangeLocation = {
  side: 'request',
  operation: GET,
  part: 'query parameter fileId',
  parameter: { name: 'fileId', in: 'query' },
  rest: [],
};

test.each<[string, (string | number)[], ChangeAction, unknown, unknown, ChangeText]>([
  [
    'an enum value removed',
    ['properties', 'scope', 'enum', 1],
    'remove',
    'full',
    undefined,
    { kind: 'enum-value', field: 'scope', text: 'scope: enum value "full" removed' },
  ],
  [
    'an enum value added (the added value is shown)',
    ['properties', 'scope', 'enum', 2],
    'add',
    undefined,
    'partial',
    { kind: 'enum-value', field: 'scope', text: 'scope: enum value "partial" added' },
  ],
  [
    'an enum replaced whole (no index): a keyword change with both values',
    ['properties', 'scope', 'enum'],
    'replace',
    ['full'],
    ['read'],
    { kind: 'keyword', field: 'scope', text: 'scope: enum ["full"] → ["read"]' },
  ],
  [
    'an enum value of the schema itself (no field)',
    ['enum', 0],
    'remove',
    'a',
    undefined,
    { kind: 'enum-value', field: undefined, text: 'enum value "a" removed' },
  ],
  [
    'a member made required',
    ['properties', 'owner', 'required', 0],
    'add',
    undefined,
    'id',
    { kind: 'required', field: 'owner', text: 'owner: "id" made required' },
  ],
  [
    'a member no longer required',
    ['required', 1],
    'remove',
    'expiresAt',
    undefined,
    { kind: 'required', field: undefined, text: '"expiresAt" no longer required' },
  ],
  [
    'a required list replaced whole: kind required, both lists shown',
    ['required'],
    'replace',
    ['a'],
    ['a', 'b'],
    { kind: 'required', field: undefined, text: 'required ["a"] → ["a","b"]' },
  ],
  [
    'a required list added whole',
    ['properties', 'owner', 'required'],
    'add',
    undefined,
    ['id'],
    { kind: 'required', field: 'owner', text: 'owner: required ["id"] added' },
  ],
  [
    'a type changed',
    ['properties', 'owner', 'properties', 'id', 'type'],
    'replace',
    'integer',
    'string',
    { kind: 'type', field: 'owner.id', text: 'owner.id: type "integer" → "string"' },
  ],
  [
    'a format removed',
    ['properties', 'id', 'format'],
    'remove',
    'int64',
    undefined,
    { kind: 'format', field: 'id', text: 'id: format "int64" removed' },
  ],
  [
    'a keyword renamed shows before and after',
    ['properties', 'id', 'maximum'],
    'rename',
    10,
    20,
    { kind: 'keyword', field: 'id', text: 'id: maximum 10 → 20' },
  ],
  [
    'a keyword with an index that is not enum or required: the whole path as its name',
    ['examples', 0],
    'add',
    undefined,
    'x',
    { kind: 'keyword', field: undefined, text: 'examples.0 "x" added' },
  ],
  [
    "an array's items: the field reads [] after its owner",
    ['properties', 'tokens', 'items', 'type'],
    'replace',
    'string',
    'integer',
    { kind: 'type', field: 'tokens[]', text: 'tokens[]: type "string" → "integer"' },
  ],
  [
    "the items of an array's items, then a member of them",
    ['properties', 'grid', 'items', 'items', 'properties', 'id', 'format'],
    'remove',
    'int64',
    undefined,
    { kind: 'format', field: 'grid[][].id', text: 'grid[][].id: format "int64" removed' },
  ],
  [
    'the body itself an array: the field is []',
    ['items', 'enum', 0],
    'remove',
    'a',
    undefined,
    { kind: 'enum-value', field: '[]', text: '[]: enum value "a" removed' },
  ],
  [
    'a branch of allOf',
    ['allOf', 1, 'properties', 'id', 'type'],
    'replace',
    'integer',
    'string',
    { kind: 'type', field: '(allOf 1).id', text: '(allOf 1).id: type "integer" → "string"' },
  ],
  [
    'a branch of oneOf',
    ['properties', 'owner', 'oneOf', 0, 'required', 0],
    'add',
    undefined,
    'id',
    { kind: 'required', field: 'owner.(oneOf 0)', text: 'owner.(oneOf 0): "id" made required' },
  ],
  [
    'a branch of anyOf',
    ['anyOf', 2, 'format'],
    'add',
    undefined,
    'uuid',
    { kind: 'format', field: '(anyOf 2)', text: '(anyOf 2): format "uuid" added' },
  ],
  [
    'an anyOf list replaced whole (no index) is a keyword, not a step of the path',
    ['properties', 'id', 'anyOf'],
    'remove',
    [{ type: 'string' }],
    undefined,
    { kind: 'keyword', field: 'id', text: 'id: anyOf [{"type":"string"}] removed' },
  ],
  [
    "a map's values: the field reads *",
    ['properties', 'labels', 'additionalProperties', 'type'],
    'replace',
    'string',
    'integer',
    { kind: 'type', field: 'labels.*', text: 'labels.*: type "string" → "integer"' },
  ],
  [
    'additionalProperties itself changed (nothing below it) is a keyword',
    ['additionalProperties'],
    'replace',
    true,
    false,
    { kind: 'keyword', field: undefined, text: 'additionalProperties true → false' },
  ],
  [
    'the properties keyword at the end (no member named) is a keyword',
    ['properties'],
    'add',
    undefined,
    {},
    { kind: 'keyword', field: undefined, text: 'properties {} added' },
  ],
  [
    'a property added whole',
    ['properties', 'owner', 'properties', 'name'],
    'add',
    undefined,
    { type: 'string' },
    { kind: 'property', field: 'owner.name', text: 'property owner.name added' },
  ],
  [
    'a property removed whole, inside array items',
    ['properties', 'tokens', 'items', 'properties', 'id'],
    'remove',
    { type: 'string' },
    undefined,
    { kind: 'property', field: 'tokens[].id', text: 'property tokens[].id removed' },
  ],
  [
    'a value taken away shows nothing for what is after',
    ['properties', 'id', 'pattern'],
    'replace',
    '^[0-9]+$',
    undefined,
    { kind: 'keyword', field: 'id', text: 'id: pattern "^[0-9]+$" → nothing' },
  ],
])('%s', (_, rest, action, before, after, expected) => {
  expect(describeChange(inBody(rest), action, before, after)).toEqual(expected);
});

test.each<[number, string]>([
  [80, `"${'a'.repeat(78)}"`],
  [81, `"${'a'.repeat(78)}…`],
])('a value whose JSON is %d characters long is cut past 80: 79 kept and an ellipsis', (length, shown) => {
  const value = 'a'.repeat(length - 2);
  expect(describeChange(inBody(['default']), 'add', undefined, value).text).toBe(`default ${shown} added`);
});

// A `security` list's items are alternatives: the lines name them from 1, and say a requirement in words.
const security = (rest: (string | number)[], operation?: typeof GET): ChangeLocation => ({
  side: 'request',
  operation,
  part: 'security',
  rest,
});

test.each<[string, ChangeLocation, ChangeAction, unknown, unknown, string]>([
  [
    'a scheme put in an empty requirement',
    security([0, 'bearerAuth']),
    'add',
    undefined,
    [],
    'scheme bearerAuth added to alternative 1',
  ],
  [
    'a scheme taken out of the second requirement',
    security([1, 'apiKey'], GET),
    'remove',
    [],
    undefined,
    'scheme apiKey removed from alternative 2',
  ],
  [
    "a scheme's scopes replaced whole",
    security([0, 'oauth']),
    'replace',
    ['read'],
    ['write'],
    'alternative 1: scheme oauth scopes ["read"] → ["write"]',
  ],
  ['an empty requirement added', security([1]), 'add', undefined, {}, 'alternative 2 added: no credentials ({})'],
  [
    'a requirement of two schemes removed, one with scopes',
    security([0]),
    'remove',
    { oauth: ['read', 'write'], apiKey: [] },
    undefined,
    'alternative 1 removed: oauth (scopes "read", "write") and apiKey',
  ],
  [
    'a requirement replaced',
    security([2]),
    'replace',
    {},
    { bearerAuth: [] },
    'alternative 3 changed: no credentials ({}) → bearerAuth',
  ],
  [
    'a scope added',
    security([0, 'oauth', 1]),
    'add',
    undefined,
    'write',
    'alternative 1: scheme oauth scope "write" added',
  ],
  [
    'a scope removed',
    security([0, 'oauth', 0]),
    'remove',
    'read',
    undefined,
    'alternative 1: scheme oauth scope "read" removed',
  ],
  [
    'a scope replaced',
    security([0, 'oauth', 0]),
    'replace',
    'read',
    'admin',
    'alternative 1: scheme oauth scope "read" → "admin"',
  ],
])('security: %s', (_name, location, action, before, after, text) => {
  expect(describeChange(location, action, before, after)).toEqual({ kind: 'security', field: undefined, text });
});

test.each<[string, ChangeLocation, ChangeAction, unknown, unknown, ChangeText]>([
  [
    'a path removed',
    { side: 'request', operation: { method: '*', path: '/view/token' }, part: 'path', rest: [] },
    'remove',
    {},
    undefined,
    { kind: 'path', field: undefined, text: 'removed' },
  ],
  [
    'an operation added',
    { side: 'request', operation: GET, part: 'operation', rest: [] },
    'add',
    undefined,
    {},
    { kind: 'operation', field: undefined, text: 'added' },
  ],
  [
    "an operation's security requirement removed",
    { side: 'request', operation: GET, part: 'security', rest: [] },
    'remove',
    [{ bearer: [] }],
    undefined,
    { kind: 'security', field: undefined, text: 'removed' },
  ],
  [
    'a security scheme changed whole: both values shown',
    { side: 'request', operation: undefined, part: 'security scheme bearer', rest: [] },
    'replace',
    { type: 'http' },
    { type: 'apiKey' },
    { kind: 'security', field: undefined, text: 'changed: {"type":"http"} → {"type":"apiKey"}' },
  ],
  [
    'a required parameter added',
    QUERY_FILE_ID,
    'add',
    undefined,
    { name: 'fileId', in: 'query', required: true },
    { kind: 'parameter', field: undefined, text: 'added (required)' },
  ],
  [
    'a required parameter removed (what it was before says required)',
    QUERY_FILE_ID,
    'remove',
    { name: 'fileId', in: 'query', required: true },
    undefined,
    { kind: 'parameter', field: undefined, text: 'removed (required)' },
  ],
  [
    'an optional parameter removed (required only when it says true)',
    QUERY_FILE_ID,
    'remove',
    { name: 'fileId', in: 'query', required: 'yes' },
    undefined,
    { kind: 'parameter', field: undefined, text: 'removed (optional)' },
  ],
  [
    'a media type removed',
    {
      side: 'response',
      operation: GET,
      part: 'response 200 application/json',
      status: '200',
      mediaType: 'application/json',
      rest: [],
    },
    'remove',
    {},
    undefined,
    { kind: 'media-type', field: undefined, text: 'removed' },
  ],
  [
    'a response header added',
    { side: 'response', operation: GET, part: 'response 200 header X-Rate', status: '200', rest: [] },
    'add',
    undefined,
    {},
    { kind: 'header', field: undefined, text: 'added' },
  ],
  [
    'a response renamed',
    { side: 'response', operation: GET, part: 'response 404', status: '404', rest: [] },
    'rename',
    {},
    {},
    { kind: 'response', field: undefined, text: 'renamed' },
  ],
  [
    'a document field changed',
    { side: 'document', operation: undefined, part: 'info.title', rest: [] },
    'replace',
    'Tokens',
    'View tokens',
    { kind: 'keyword', field: undefined, text: 'changed: "Tokens" → "View tokens"' },
  ],
  [
    'a header named like a security part is still a header',
    { side: 'response', operation: GET, part: 'response 200 header securityLevel', status: '200', rest: [] },
    'remove',
    {},
    undefined,
    { kind: 'header', field: undefined, text: 'removed' },
  ],
])('a whole place: %s', (_, location, action, before, after, expected) => {
  expect(describeChange(location, action, before, after)).toEqual(expected);
});
