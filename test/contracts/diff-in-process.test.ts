import { at, locate } from '../../contracts/diff/change-location';
import { loadDiffer } from '../../contracts/diff/load-differ';
import { withMediaTypeMapping } from '../../contracts/diff/media-type-mapping';
import { compareSpecs } from '../../contracts/diff/spec-changes';

// The diff's judgement of small spec pairs built in-process: where each change is (the operation, the
// part of it, the side), and our rules on top of the differ: each case with the rule that judged it and
// the reason a user reads.

const differ = loadDiffer();
const DIFFER = `api-smart-diff ${differ.version}`;
const OK = { '200': { description: 'OK' } };
const BEARER = { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } };

const aSpec = (paths: Record<string, unknown>, root: Record<string, unknown> = {}, openapi = '3.0.3') => ({
  openapi,
  info: { title: 'Items', version: '1.0.0' },
  paths,
  ...root,
});
const getWith = (operation: Record<string, unknown>, root?: Record<string, unknown>) =>
  aSpec({ '/items': { get: { responses: OK, ...operation } } }, root);

/** Each change as [impact, side, operation, where, change, judged by, reason]. */
const judged = (before: unknown, after: unknown) =>
  compareSpecs(differ, before, after).map((change) => [
    change.impact,
    change.side,
    change.operation,
    change.where,
    change.change,
    change.judgedBy,
    change.reason,
  ]);

test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
  ['an operation that now allows callers without credentials ([{}])', { security: [{}] }, {}],
  ['an operation whose credentials are now optional ([{}, bearer])', { security: [{}, { bearer: [] }] }, BEARER],
  ['an operation that now asks for none of the global credentials ([])', { security: [] }, BEARER],
])("%s: added, it breaks no caller (the differ's verdict stands)", (_name, operation, root) => {
  expect(judged(getWith({}, root), getWith(operation, root))).toEqual([
    ['non-breaking', 'request', 'GET /items', 'security', 'added', DIFFER, 'what callers send is still accepted'],
  ]);
});

test('a global security that allows callers without credentials ([{}]), added, breaks no caller', () => {
  expect(judged(getWith({}), getWith({}, { security: [{}] }))).toEqual([
    ['non-breaking', 'request', undefined, 'security', 'added', DIFFER, 'what callers send is still accepted'],
  ]);
});

test("an operation's credentials added under a global security that allows callers without any: breaking, by our rule", () => {
  const root = { ...BEARER, security: [{}] };
  expect(judged(getWith({}, root), getWith({ security: [{ bearer: [] }] }, root))).toEqual([
    [
      'breaking',
      'request',
      'GET /items',
      'security',
      'added',
      'rule security-added',
      'callers that send no credentials are refused',
    ],
  ]);
});

const NO_CREDENTIALS = 'callers that send no credentials are refused';

test.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, string]>([
  [
    "an operation's security that allowed callers without credentials ([{}]) now asks for a bearer ([{bearer}])",
    { security: [{}] },
    { security: [{ bearer: [] }] },
    BEARER,
    'scheme bearer added to alternative 1',
  ],
  [
    "an operation's credentials made required ([{bearer}, {}] → [{bearer}])",
    { security: [{ bearer: [] }, {}] },
    { security: [{ bearer: [] }] },
    BEARER,
    'alternative 2 removed: no credentials ({})',
  ],
  [
    "an operation's own security allowing callers without credentials ([{}]) removed under a global one asking for a bearer",
    { security: [{}] },
    {},
    { ...BEARER, security: [{ bearer: [] }] },
    'removed',
  ],
])('%s: breaking, by our rule', (_name, before, after, root, change) => {
  expect(judged(getWith(before, root), getWith(after, root))).toEqual([
    ['breaking', 'request', 'GET /items', 'security', change, 'rule security-added', NO_CREDENTIALS],
  ]);
});

test('credentials made optional ([{bearer}] → [{bearer}, {}]), or a bearer offered beside none globally ([{}] → [{bearer}, {}]): breaks no caller', () => {
  expect(
    judged(getWith({ security: [{ bearer: [] }] }, BEARER), getWith({ security: [{ bearer: [] }, {}] }, BEARER)),
  ).toEqual([
    [
      'non-breaking',
      'request',
      'GET /items',
      'security',
      'alternative 2 added: no credentials ({})',
      DIFFER,
      'what callers send is still accepted',
    ],
  ]);
  expect(
    judged(getWith({}, { ...BEARER, security: [{}] }), getWith({}, { ...BEARER, security: [{ bearer: [] }, {}] })),
  ).toEqual([
    [
      'non-breaking',
      'request',
      undefined,
      'security',
      'alternative 2 added: no credentials ({})',
      DIFFER,
      'what callers send is still accepted',
    ],
    [
      'non-breaking',
      'request',
      undefined,
      'security',
      'scheme bearer added to alternative 1',
      'rule unclassified-judged',
      'new: no caller uses it yet',
    ],
  ]);
});

const withBody = (schema: unknown, openapi = '3.0.3') =>
  aSpec(
    { '/items': { post: { requestBody: { content: { 'application/json': { schema } } }, responses: OK } } },
    {},
    openapi,
  );
const answering = (schema: unknown, openapi = '3.0.3') =>
  aSpec(
    { '/items': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema } } } } } } },
    {},
    openapi,
  );
const field = (schema: unknown) => ({ type: 'object', properties: { id: schema } });
const REQUEST_BODY = ['request', 'POST /items', 'request body application/json'];
const RESPONSE_200 = ['response', 'GET /items', 'response 200 application/json'];
const SENT_REFUSED = 'callers send the old type, which the new spec refuses';
const READ_OTHER = 'callers parse the old type and get another';
const SENT_STILL = 'every value callers send is still of the new type';
const READ_STILL = 'every value callers now read is of a type they parse';
/** The row of a field `id` whose type our type-replaced rule judged. */
const typeReplaced = (impact: string, where: string[], from: string, to: string, reason: string) => [
  impact,
  ...where,
  `id: type ${from} → ${to}`,
  'rule type-replaced',
  reason,
];
const INT64_SENT =
  'callers hold this int64 as a 64-bit integer: a generated client\'s type for it changes, and so does the JSON value they send (123 → "123")';
const INT64_READ =
  'callers hold this int64 as a 64-bit integer: a generated client\'s type for it changes, and so does the JSON value they parse (123 → "123")';

test.each<[string, unknown, unknown, unknown[][]]>([
  [
    'a request field int64 → string',
    withBody(field({ type: 'integer', format: 'int64' })),
    withBody(field({ type: 'string' })),
    [
      ['breaking', ...REQUEST_BODY, 'id: type "integer" → "string"', 'rule int64-type-changed', INT64_SENT],
      ['non-breaking', ...REQUEST_BODY, 'id: format "int64" removed', DIFFER, 'what callers send is still accepted'],
    ],
  ],
  [
    'a response id int64 → a string uuid (the format replaced: the old one counts)',
    answering(field({ type: 'integer', format: 'int64' })),
    answering(field({ type: 'string', format: 'uuid' })),
    [
      ['breaking', ...RESPONSE_200, 'id: type "integer" → "string"', 'rule int64-type-changed', INT64_READ],
      ['non-breaking', ...RESPONSE_200, 'id: format "int64" → "uuid"', DIFFER, 'what callers read is still there'],
    ],
  ],
  [
    'a response integer → a string of format int64 (the format new: no int64 before)',
    answering(field({ type: 'integer' })),
    answering(field({ type: 'string', format: 'int64' })),
    [
      typeReplaced('breaking', RESPONSE_200, '"integer"', '"string"', READ_OTHER),
      ['non-breaking', ...RESPONSE_200, 'id: format "int64" added', DIFFER, 'what callers read is still there'],
    ],
  ],
  [
    'a response number of format int64 → string (not an integer before)',
    answering(field({ type: 'number', format: 'int64' })),
    answering(field({ type: 'string', format: 'int64' })),
    [typeReplaced('breaking', RESPONSE_200, '"number"', '"string"', READ_OTHER)],
  ],
  [
    'a response int64 losing its type (removed, not replaced)',
    answering(field({ type: 'integer', format: 'int64' })),
    answering(field({ format: 'int64' })),
    [
      [
        'breaking',
        ...RESPONSE_200,
        'id: type "integer" removed',
        DIFFER,
        'callers that read what the old spec promised may get something else',
      ],
    ],
  ],
  [
    'a response int64 whose description "integer" changes (not a type change)',
    answering(field({ type: 'integer', format: 'int64', description: 'integer' })),
    answering(field({ type: 'integer', format: 'int64', description: 'an id' })),
    [['annotation', ...RESPONSE_200, 'id: description "integer" → "an id"', DIFFER, 'documentation only']],
  ],
  [
    'a request field integer → string (a JSON 123 is no string)',
    withBody(field({ type: 'integer' })),
    withBody(field({ type: 'string' })),
    [typeReplaced('breaking', REQUEST_BODY, '"integer"', '"string"', SENT_REFUSED)],
  ],
  [
    'a request field string → number',
    withBody(field({ type: 'string' })),
    withBody(field({ type: 'number' })),
    [typeReplaced('breaking', REQUEST_BODY, '"string"', '"number"', SENT_REFUSED)],
  ],
  [
    'a request field integer → number (widened)',
    withBody(field({ type: 'integer' })),
    withBody(field({ type: 'number' })),
    [typeReplaced('non-breaking', REQUEST_BODY, '"integer"', '"number"', SENT_STILL)],
  ],
  [
    'a request field that may be null no longer (3.1)',
    withBody(field({ type: ['integer', 'null'] }), '3.1.0'),
    withBody(field({ type: 'integer' }), '3.1.0'),
    [typeReplaced('breaking', REQUEST_BODY, '["integer","null"]', '"integer"', SENT_REFUSED)],
  ],
  [
    'a response number → string',
    answering(field({ type: 'number' })),
    answering(field({ type: 'string' })),
    [typeReplaced('breaking', RESPONSE_200, '"number"', '"string"', READ_OTHER)],
  ],
  [
    'a response number → integer (narrowed)',
    answering(field({ type: 'number' })),
    answering(field({ type: 'integer' })),
    [typeReplaced('non-breaking', RESPONSE_200, '"number"', '"integer"', READ_STILL)],
  ],
  [
    'a response field removed',
    answering({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }),
    answering({ type: 'object', properties: { name: { type: 'string' } } }),
    [
      [
        'breaking',
        ...RESPONSE_200,
        'property id removed',
        'rule response-property-removed',
        'callers that read it no longer get it',
      ],
    ],
  ],
  [
    'a request field removed (callers may still send it)',
    withBody({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }),
    withBody({ type: 'object', properties: { name: { type: 'string' } } }),
    [['non-breaking', ...REQUEST_BODY, 'property id removed', DIFFER, 'what callers send is still accepted']],
  ],
])('%s: judged as a caller meets it', (_name, before, after, expected) => {
  expect(judged(before, after)).toEqual(expected);
});

test('a query parameter int64 → string: breaking, the reason saying the type a generated client holds changes', () => {
  const query = (schema: unknown) => getWith({ parameters: [{ name: 'id', in: 'query', schema }] });
  expect(judged(query({ type: 'integer', format: 'int64' }), query({ type: 'string' }))).toEqual([
    [
      'breaking',
      'request',
      'GET /items',
      'query parameter id',
      'type "integer" → "string"',
      'rule int64-type-changed',
      "callers hold this int64 as a 64-bit integer: a generated client's type for it changes",
    ],
    [
      'non-breaking',
      'request',
      'GET /items',
      'query parameter id',
      'format "int64" removed',
      DIFFER,
      'what callers send is still accepted',
    ],
  ]);
});

test('credentials required globally and by an operation, both new: each breaks callers, by our rule', () => {
  expect(
    judged(getWith({}, BEARER), getWith({ security: [{ bearer: [] }] }, { ...BEARER, security: [{ bearer: [] }] })),
  ).toEqual([
    [
      'breaking',
      'request',
      undefined,
      'security',
      'added',
      'rule security-added',
      'callers that send no credentials are refused',
    ],
    [
      'breaking',
      'request',
      'GET /items',
      'security',
      'added',
      'rule security-added',
      'callers that send no credentials are refused',
    ],
  ]);
});

test('a global requirement of a scheme named security where the old spec required none ([]): breaking, by our rule', () => {
  const root = (security: unknown[]) => ({
    components: { securitySchemes: { security: { type: 'http', scheme: 'bearer' } } },
    security,
  });
  expect(judged(getWith({}, root([])), getWith({}, root([{ security: [] }])))).toEqual([
    [
      'breaking',
      'request',
      undefined,
      'security',
      'alternative 1 added: security',
      'rule security-added',
      'callers that send no credentials are refused',
    ],
  ]);
});

test("an operation's path template renamed: its changes are judged on the operation the merged document holds under the new template", () => {
  const at = (template: string, operation: Record<string, unknown>) =>
    aSpec({ [template]: { get: { responses: OK, ...operation } } }, BEARER);
  const credentials = judged(
    at('/items/{id}', { security: [] }),
    at('/items/{itemId}', { security: [{ bearer: [] }] }),
  );
  expect(credentials.find(([, , operation]) => operation === 'GET /items/{id}')).toEqual([
    'breaking',
    'request',
    'GET /items/{id}',
    'security',
    expect.any(String),
    'rule security-added',
    NO_CREDENTIALS,
  ]);
  const query = (name: string) => ({ parameters: [{ name, in: 'query', schema: { type: 'string' } }] });
  const parameters = compareSpecs(differ, at('/items/{id}', query('q')), at('/items/{itemId}', query('r')));
  expect(parameters.map((change) => change.where)).not.toContain('unknown parameter #0');
});

test('two path templates renamed: each change is located on its own operation', () => {
  /** Two operations, each with a query parameter (`aq`, `bq`) of the type given. */
  const spec = (a: string, aType: string, b: string, bType: string) =>
    aSpec({
      [a]: { get: { responses: OK, parameters: [{ name: 'aq', in: 'query', schema: { type: aType } }] } },
      [b]: { get: { responses: OK, parameters: [{ name: 'bq', in: 'query', schema: { type: bType } }] } },
    });
  const changes = compareSpecs(
    differ,
    spec('/a/{id}', 'string', '/b/{id}', 'integer'),
    spec('/a/{aid}', 'integer', '/b/{bid}', 'string'),
  );
  expect(
    changes.filter(({ operation }) => operation !== undefined).map(({ operation, where }) => [operation, where]),
  ).toEqual([
    ['GET /a/{id}', 'query parameter aq'],
    ['GET /b/{id}', 'query parameter bq'],
  ]);
});

test("an operation's credentials removed: the differ's verdict stands", () => {
  expect(judged(getWith({ security: [{ bearer: [] }] }, BEARER), getWith({}, BEARER))).toEqual([
    [
      'breaking',
      'request',
      'GET /items',
      'security',
      'removed',
      DIFFER,
      'callers that send what the old spec allowed may be refused',
    ],
  ]);
});

test('a security scheme changed: a change on the request side of the whole document', () => {
  const scheme = (name: string) => ({ components: { securitySchemes: { bearer: { type: 'http', scheme: name } } } });
  expect(judged(getWith({}, scheme('bearer')), getWith({}, scheme('basic')))).toEqual([
    [
      'breaking',
      'request',
      undefined,
      'security scheme bearer',
      'scheme "bearer" → "basic"',
      DIFFER,
      'callers that send what the old spec allowed may be refused',
    ],
  ]);
});

test('a parameter deprecated: not breaking yet, by our rule', () => {
  const query = (more: Record<string, unknown>) =>
    getWith({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string' }, ...more }] });
  expect(judged(query({}), query({ deprecated: true }))).toEqual([
    [
      'non-breaking',
      'request',
      'GET /items',
      'query parameter q',
      'deprecated true added',
      'rule deprecated-still-served',
      'still served: callers have time to move off it',
    ],
  ]);
});

test("a webhook's payload type changed (3.1): on the document side, left to the differ by our rules", () => {
  const hook = (type: string) =>
    aSpec(
      {},
      {
        webhooks: {
          created: { post: { requestBody: { content: { 'application/json': { schema: { type } } } }, responses: OK } },
        },
      },
      '3.1.0',
    );
  expect(judged(hook('string'), hook('integer'))).toEqual([
    [
      'breaking',
      'document',
      undefined,
      'webhooks.created.post.requestBody.content.application/json.schema.type',
      'changed: "string" → "integer"',
      DIFFER,
      'the differ judges it breaking',
    ],
  ]);
});

test("a type that is neither a name nor a list of names (an invalid spec) changed: not our type rule's, left to the differ", () => {
  const query = (type: unknown) => getWith({ parameters: [{ name: 'q', in: 'query', schema: { type } }] });
  expect(judged(query(['string', 1]), query('string'))).toEqual([
    [
      'non-breaking',
      'request',
      'GET /items',
      'query parameter q',
      'type ["string",1] → "string"',
      DIFFER,
      'what callers send is still accepted',
    ],
  ]);
});

test('a parameter given as content: each media type it had is gone and each new one is new, by our rule on what the differ leaves unclassified', () => {
  const query = (mediaType: string, type: string) =>
    getWith({ parameters: [{ name: 'f', in: 'query', content: { [mediaType]: { schema: { type } } } }] });
  expect(judged(query('application/json', 'string'), query('text/plain', 'integer'))).toEqual([
    [
      'breaking',
      'request',
      'GET /items',
      'query parameter f',
      'content.application/json {"schema":{"type":"string"}} removed',
      'rule unclassified-judged',
      'callers that use it find it gone',
    ],
    [
      'non-breaking',
      'request',
      'GET /items',
      'query parameter f',
      'content.text/plain {"schema":{"type":"integer"}} added',
      'rule unclassified-judged',
      'new: no caller uses it yet',
    ],
  ]);
});

const answeringWith = (response: Record<string, unknown>, openapi?: string) =>
  aSpec({ '/items': { get: { responses: { '200': { description: 'OK', ...response } } } } }, {}, openapi);

const RATE = { headers: { 'X-Rate': { schema: { type: 'integer' } } } };

test.each<[string, Record<string, unknown>, Record<string, unknown>, unknown[]]>([
  ['documented where there were none', {}, RATE, ['non-breaking', 'added', DIFFER, 'what callers read is still there']],
  [
    'no longer documented',
    RATE,
    {},
    ['breaking', 'removed', DIFFER, 'callers that read what the old spec promised may get something else'],
  ],
])(
  'response headers %s: named as the headers of that response',
  (_name, before, after, [impact, change, by, reason]) => {
    expect(judged(answeringWith(before), answeringWith(after))).toEqual([
      [impact, 'response', 'GET /items', 'response 200 headers', change, by, reason],
    ]);
  },
);

const Q = { name: 'q', in: 'query', schema: { type: 'string' } };
const REQUIRED_Q = { ...Q, required: true };

test.each<[string, unknown, unknown, unknown[]]>([
  [
    'a required parameter, the operation having had none',
    getWith({}),
    getWith({ parameters: [REQUIRED_Q] }),
    ['breaking', 'added (required)', 'callers do not send it, and the new spec requires it'],
  ],
  [
    'an optional parameter, the operation having had none',
    getWith({}),
    getWith({ parameters: [Q] }),
    ['non-breaking', 'added (optional)', 'optional: callers need not send it'],
  ],
  [
    'a required parameter of the path, its operation having had none',
    getWith({}),
    aSpec({ '/items': { parameters: [REQUIRED_Q], get: { responses: OK } } }),
    ['breaking', 'added (required)', 'callers do not send it, and the new spec requires it'],
  ],
  [
    'the only parameter removed, the list with it',
    getWith({ parameters: [Q] }),
    getWith({}),
    [
      'breaking',
      'removed (optional)',
      'callers that send it send what the new spec does not declare: it may be refused or ignored',
    ],
  ],
])('%s: named and judged as that parameter', (_name, before, after, [impact, change, reason]) => {
  expect(judged(before, after)).toEqual([
    [impact, 'request', 'GET /items', 'query parameter q', change, DIFFER, reason],
  ]);
});

// Parameters given by `$ref` (as every one of the View Token contract is): the differ keeps one added or
// removed as its bare `$ref`, with no name and no `required` to read.
const REGION = { name: 'region', in: 'query', required: true, schema: { type: 'string' } };
const withComponents = (parameters: Record<string, unknown>, listed: unknown[], root: Record<string, unknown> = {}) =>
  aSpec({ '/items': { get: { parameters: listed, responses: OK } } }, { components: { parameters }, ...root });
const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const LEFT_OUT = 'callers do not send it, and the new spec requires it';
const SENT_UNDECLARED = 'callers that send it send what the new spec does not declare: it may be refused or ignored';

test.each<[string, unknown, unknown, unknown[][]]>([
  [
    'an optional parameter removed',
    withComponents({ Q }, [ref('Q')]),
    withComponents({ Q }, []),
    [['breaking', 'request', 'GET /items', 'query parameter q', 'removed (optional)', DIFFER, SENT_UNDECLARED]],
  ],
  [
    'a required parameter removed, and its component gone from the new spec (named as the old spec defined it)',
    withComponents({ Region: REGION }, [ref('Region'), Q]),
    withComponents({}, [Q]),
    [['breaking', 'request', 'GET /items', 'query parameter region', 'removed (required)', DIFFER, SENT_UNDECLARED]],
  ],
  [
    'a required parameter added: breaking',
    withComponents({ Region: REGION }, []),
    withComponents({ Region: REGION }, [ref('Region')]),
    [['breaking', 'request', 'GET /items', 'query parameter region', 'added (required)', DIFFER, LEFT_OUT]],
  ],
  [
    'a required parameter added by a $ref to a $ref (named as the new spec defines it)',
    withComponents({ Region: { ...REGION, name: 'area' } }, []),
    withComponents({ Region: REGION, Place: ref('Region') }, [ref('Place')]),
    [['breaking', 'request', 'GET /items', 'query parameter region', 'added (required)', DIFFER, LEFT_OUT]],
  ],
  [
    'one $ref swapped for another naming another parameter',
    withComponents({ Q, Region: REGION }, [ref('Q')]),
    withComponents({ Q, Region: REGION }, [ref('Region')]),
    [
      ['breaking', 'request', 'GET /items', 'query parameter q', 'removed (optional)', DIFFER, SENT_UNDECLARED],
      ['breaking', 'request', 'GET /items', 'query parameter region', 'added (required)', DIFFER, LEFT_OUT],
    ],
  ],
  [
    "a path's required parameter added",
    aSpec({ '/items': { get: { responses: OK } } }, { components: { parameters: { Region: REGION } } }),
    aSpec(
      { '/items': { parameters: [ref('Region')], get: { responses: OK } } },
      { components: { parameters: { Region: REGION } } },
    ),
    [['breaking', 'request', 'GET /items', 'query parameter region', 'added (required)', DIFFER, LEFT_OUT]],
  ],
  [
    'the component a $ref names made required (reported, as before, on the operation that uses it)',
    withComponents({ Q }, [ref('Q')]),
    withComponents({ Q: REQUIRED_Q }, [ref('Q')]),
    [
      [
        'breaking',
        'request',
        'GET /items',
        'query parameter q',
        'required true added',
        DIFFER,
        'callers that leave it out are refused',
      ],
    ],
  ],
  [
    'the component a $ref names retyped (reported, as before, on the operation that uses it)',
    withComponents({ Q }, [ref('Q')]),
    withComponents({ Q: { ...Q, schema: { type: 'integer' } } }, [ref('Q')]),
    [
      [
        'breaking',
        'request',
        'GET /items',
        'query parameter q',
        'type "string" → "integer"',
        'rule type-replaced',
        SENT_REFUSED,
      ],
    ],
  ],
  [
    'a $ref in a cycle (it names no parameter) removed: still reported, named by its place',
    withComponents({ Loop: ref('Again'), Again: ref('Loop') }, [ref('Loop')]),
    withComponents({ Loop: ref('Again'), Again: ref('Loop') }, []),
    [['breaking', 'request', 'GET /items', 'unknown parameter #0', 'removed (optional)', DIFFER, SENT_UNDECLARED]],
  ],
  ['a $ref written out in full, the same parameter', withComponents({ Q }, [ref('Q')]), withComponents({ Q }, [Q]), []],
])('a parameter given by $ref: %s', (_name, before, after, expected) => {
  expect(judged(before, after)).toEqual(expected);
});

test.each<[string, unknown, unknown, unknown[][]]>([
  [
    'a request body made required',
    aSpec({ '/items': { post: { requestBody: { content: {} }, responses: OK } } }),
    aSpec({ '/items': { post: { requestBody: { required: true, content: {} }, responses: OK } } }),
    [
      [
        'breaking',
        'request',
        'POST /items',
        'request body',
        'required true added',
        DIFFER,
        'callers that leave it out are refused',
      ],
    ],
  ],
  [
    'a request body removed',
    withBody({ type: 'string' }),
    aSpec({ '/items': { post: { responses: OK } } }),
    [
      [
        'breaking',
        'request',
        'POST /items',
        'request body',
        'removed',
        DIFFER,
        'callers that send what the old spec allowed may be refused',
      ],
    ],
  ],
  [
    "an operation's summary",
    getWith({ summary: 'List' }),
    getWith({ summary: 'List items' }),
    [
      [
        'annotation',
        'document',
        'GET /items',
        'summary',
        'changed: "List" → "List items"',
        DIFFER,
        'documentation only',
      ],
    ],
  ],
  [
    'a parameter made required',
    getWith({ parameters: [Q] }),
    getWith({ parameters: [REQUIRED_Q] }),
    [
      [
        'breaking',
        'request',
        'GET /items',
        'query parameter q',
        'required true added',
        DIFFER,
        'callers that leave it out are refused',
      ],
    ],
  ],
  [
    "a response's description",
    answeringWith({}),
    aSpec({ '/items': { get: { responses: { '200': { description: 'Fine' } } } } }),
    [
      [
        'annotation',
        'response',
        'GET /items',
        'response 200',
        'description "OK" → "Fine"',
        DIFFER,
        'documentation only',
      ],
    ],
  ],
  [
    "a response's whole content removed",
    answeringWith({ content: { 'text/plain': { schema: { type: 'string' } } } }),
    answeringWith({}),
    [
      [
        'breaking',
        'response',
        'GET /items',
        'response 200',
        'content {"text/plain":{"schema":{"type":"string"}}} removed',
        DIFFER,
        'callers that read what the old spec promised may get something else',
      ],
    ],
  ],
  [
    'a header of a response changed, another added',
    answeringWith({ headers: { 'X-Rate': { schema: { type: 'integer' } } } }),
    answeringWith({ headers: { 'X-Rate': { schema: { type: 'string' } }, 'X-Id': { schema: { type: 'string' } } } }),
    [
      [
        'breaking',
        'response',
        'GET /items',
        'response 200 header X-Rate',
        'schema.type "integer" → "string"',
        'rule unclassified-judged',
        'replaced as a whole: callers that used the old one may be refused or misread (the differ could not tell)',
      ],
      [
        'non-breaking',
        'response',
        'GET /items',
        'response 200 header X-Id',
        'added',
        DIFFER,
        'what callers read is still there',
      ],
    ],
  ],
  [
    'responses documented where the operation had none (3.1)',
    aSpec({ '/items': { get: {} } }, {}, '3.1.0'),
    aSpec({ '/items': { get: { responses: OK } } }, {}, '3.1.0'),
    [
      [
        'non-breaking',
        'response',
        'GET /items',
        'responses',
        'added',
        DIFFER,
        'a new documented answer; callers that handle statuses by class keep working',
      ],
    ],
  ],
  [
    'a component schema no operation uses (callers meet components only through an operation)',
    getWith({}, { components: { schemas: { Unused: { type: 'string' } } } }),
    getWith({}, { components: { schemas: { Unused: { type: 'integer' } } } }),
    [],
  ],
])('where a change is: %s', (_name, before, after, expected) => {
  expect(judged(before, after)).toEqual(expected);
});

// Shapes of change api-smart-diff 1.0.6 does not report (it reports a path item's parameters, summary
// and servers under each of its operations, and nothing for a path item without one) but a differ of
// the range the command accepts may: each still names the path.
test.each<[string, (string | number)[], ReturnType<typeof locate>]>([
  [
    'a path added or removed whole',
    ['paths', '/items'],
    { side: 'request', operation: { method: '*', path: '/items' }, part: 'path', rest: [] },
  ],
  [
    "a path item's own parameter",
    ['paths', '/items', 'parameters', 0, 'required'],
    {
      side: 'request',
      operation: { method: '*', path: '/items' },
      part: 'query parameter q',
      parameter: { name: 'q', in: 'query' },
      rest: ['required'],
    },
  ],
  [
    "a path item's summary",
    ['paths', '/items', 'summary'],
    { side: 'document', operation: { method: '*', path: '/items' }, part: 'summary', rest: [] },
  ],
  [
    'a parameter the merged document does not hold (named by its index)',
    ['paths', '/items', 'get', 'parameters', 3, 'schema', 'type'],
    {
      side: 'request',
      operation: { method: 'GET', path: '/items' },
      part: 'unknown parameter #3',
      parameter: { name: '#3', in: 'unknown' },
      rest: ['type'],
    },
  ],
  ['a component (met through the operations that use it)', ['components', 'schemas', 'Item', 'type'], undefined],
  [
    'a root extension with a key named securitySchemes (the document, not a scheme)',
    ['x-tools', 'securitySchemes', 'bearer'],
    { side: 'document', operation: undefined, part: 'x-tools.securitySchemes.bearer', rest: [] },
  ],
  [
    "an extension of a request body, whole to its last key (the body's, not a media type's)",
    ['paths', '/items', 'post', 'requestBody', 'x-codegen', 'name', 'more'],
    {
      side: 'request',
      operation: { method: 'POST', path: '/items' },
      part: 'request body',
      rest: ['x-codegen', 'name', 'more'],
    },
  ],
  [
    'a security scheme',
    ['components', 'securitySchemes', 'bearer', 'scheme'],
    { side: 'request', operation: undefined, part: 'security scheme bearer', rest: ['scheme'] },
  ],
  [
    'whether a request body is required',
    ['paths', '/items', 'post', 'requestBody', 'required'],
    { side: 'request', operation: { method: 'POST', path: '/items' }, part: 'request body', rest: ['required'] },
  ],
  [
    "a request body's content whole",
    ['paths', '/items', 'post', 'requestBody', 'content'],
    { side: 'request', operation: { method: 'POST', path: '/items' }, part: 'request body', rest: ['content'] },
  ],
  [
    'a request body',
    ['paths', '/items', 'post', 'requestBody'],
    { side: 'request', operation: { method: 'POST', path: '/items' }, part: 'request body', rest: [] },
  ],
  [
    "a media type's example",
    ['paths', '/items', 'post', 'requestBody', 'content', 'application/json', 'example', 'id'],
    {
      side: 'request',
      operation: { method: 'POST', path: '/items' },
      part: 'request body application/json',
      mediaType: 'application/json',
      rest: ['example', 'id'],
    },
  ],
  [
    'a media type whole',
    ['paths', '/items', 'post', 'requestBody', 'content', 'application/json'],
    {
      side: 'request',
      operation: { method: 'POST', path: '/items' },
      part: 'request body application/json',
      mediaType: 'application/json',
      rest: [],
    },
  ],
])('locate: %s', (_name, where, location) => {
  expect(locate(where, { paths: { '/items': { parameters: [Q] } } })).toEqual(location);
});

test('at: the value at a path, and undefined past a leaf or a null', () => {
  const document = { a: { b: [10, { c: 'x' }] }, n: null };
  expect(at(document, ['a', 'b', 1, 'c'])).toBe('x');
  expect(at(document, [])).toBe(document);
  expect(at(document, ['a', 'b', 0, 'c'])).toBeUndefined();
  expect(at(document, ['n', 'c'])).toBeUndefined();
  expect(at(document, ['missing', 'c'])).toBeUndefined();
});

const answeringIn = (content: Record<string, unknown>) => answeringWith({ content });
const STRING = { schema: { type: 'string' } };
const INTEGER = { schema: { type: 'integer' } };

test.each<[string, string]>([
  ['*/*', 'any type'],
  ['application/*', 'any subtype'],
  ['Application/JSON ; charset=utf-8', 'the same type, its case and parameters aside'],
])(
  'a response media type application/json → %s (%s): one media type renamed, its schema compared with the old one',
  (mediaType) => {
    expect(judged(answeringIn({ 'application/json': STRING }), answeringIn({ [mediaType]: INTEGER }))).toEqual([
      [
        'breaking',
        'response',
        'GET /items',
        'response 200 application/json',
        'type "string" → "integer"',
        'rule type-replaced',
        READ_OTHER,
      ],
      [
        'non-breaking',
        'response',
        'GET /items',
        'response 200',
        `content "application/json" → ${JSON.stringify(mediaType)}`,
        DIFFER,
        'what callers read is still there',
      ],
    ]);
  },
);

test('a response media type application/json → text/* (another type): the old one removed, the new one added', () => {
  expect(judged(answeringIn({ 'application/json': STRING }), answeringIn({ 'text/*': STRING }))).toEqual([
    [
      'breaking',
      'response',
      'GET /items',
      'response 200 application/json',
      'removed',
      DIFFER,
      'callers that ask for or read this media type no longer get it',
    ],
    [
      'non-breaking',
      'response',
      'GET /items',
      'response 200 text/*',
      'added',
      DIFFER,
      'callers keep asking for the media types they know',
    ],
  ]);
});

test('a media type added beside one unchanged: only it is reported', () => {
  expect(
    judged(
      answeringIn({ 'application/json': INTEGER }),
      answeringIn({ 'application/json': INTEGER, 'application/xml': STRING }),
    ),
  ).toEqual([
    [
      'non-breaking',
      'response',
      'GET /items',
      'response 200 application/xml',
      'added',
      DIFFER,
      'callers keep asking for the media types they know',
    ],
  ]);
});

test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
  [
    '*/* and application/json listed the other way round',
    { '*/*': STRING, 'application/json': INTEGER },
    { 'application/json': INTEGER, '*/*': STRING },
  ],
  [
    'two types listed the other way round',
    { 'text/plain': STRING, 'application/json': INTEGER },
    { 'application/json': INTEGER, 'text/plain': STRING },
  ],
])(
  '%s, each with its own schema: no change (each pairs with itself, not with the first that fits)',
  (_name, before, after) => {
    expect(judged(answeringIn(before), answeringIn(after))).toEqual([]);
  },
);

const sending = (content: Record<string, unknown>) =>
  aSpec({ '/items': { post: { requestBody: { content }, responses: OK } } });

test('two request media types → */* (widened): the one paired with */* is renamed, the other removed, and neither breaks a caller (the removed one is still taken, as */*)', () => {
  expect(judged(sending({ 'text/plain': STRING, 'application/json': STRING }), sending({ '*/*': STRING }))).toEqual([
    [
      'non-breaking',
      'request',
      'POST /items',
      'request body',
      'content "text/plain" → "*/*"',
      DIFFER,
      'what callers send is still accepted',
    ],
    [
      'non-breaking',
      'request',
      'POST /items',
      'request body application/json',
      'removed',
      'rule request-media-type-still-taken',
      'what callers send as application/json is still taken, as */*',
    ],
  ]);
});

test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
  ['no type left covers it', { 'text/plain': STRING, 'application/json': STRING }, { 'text/plain': STRING }],
  [
    'the type that covered it is removed too',
    { 'application/*': STRING, 'application/json': STRING, 'text/plain': STRING },
    { 'text/plain': STRING },
  ],
])('a request media type removed where %s: breaking, as the differ says', (_name, before, after) => {
  const removals = judged(sending(before), sending(after)).filter(([, , , , change]) => change === 'removed');
  expect(removals.length).toBeGreaterThan(0);
  expect(removals.every(([impact, , , , , judgedBy]) => impact === 'breaking' && judgedBy === DIFFER)).toBe(true);
});

test('beside */*, a request media type added, or one whose schema changed, is not judged by the removal rule', () => {
  const added = judged(sending({ '*/*': STRING }), sending({ '*/*': STRING, 'application/json': STRING }));
  expect(added.map(([impact, , , where, change, judgedBy]) => [impact, where, change, judgedBy])).toEqual([
    ['non-breaking', 'request body application/json', 'added', DIFFER],
  ]);
  const retyped = judged(
    sending({ '*/*': STRING, 'application/json': STRING }),
    sending({ '*/*': STRING, 'application/json': INTEGER }),
  );
  expect(retyped.map(([impact, , , where, , judgedBy]) => [impact, where, judgedBy])).toEqual([
    ['breaking', 'request body application/json', 'rule type-replaced'],
  ]);
  const object = (properties: Record<string, unknown>) => ({ schema: { type: 'object', properties } });
  const narrowed = judged(
    sending({ '*/*': STRING, 'application/json': object({ a: { type: 'string' }, b: { type: 'string' } }) }),
    sending({ '*/*': STRING, 'application/json': object({ a: { type: 'string' } }) }),
  );
  expect(narrowed.map(([, , , where, change, judgedBy]) => [where, change, judgedBy])).toEqual([
    ['request body application/json', expect.stringContaining('removed'), DIFFER],
  ]);
});

const READ_GONE = 'callers that ask for or read this media type no longer get it';

test.each<[string, Record<string, unknown>, Record<string, unknown>, unknown[]]>([
  [
    "*/* removed beside application/json (the View Token contract's shape)",
    { '*/*': STRING, 'application/json': STRING },
    { 'application/json': STRING },
    [
      'non-breaking',
      'response 200 */*',
      'rule response-media-type-still-promised',
      'callers now read application/json, which */* promised: a part of what they were promised',
    ],
  ],
  [
    'application/* removed beside application/json; charset=utf-8',
    { 'application/*': STRING, 'application/json; charset=utf-8': STRING },
    { 'application/json; charset=utf-8': STRING },
    [
      'non-breaking',
      'response 200 application/*',
      'rule response-media-type-still-promised',
      'callers now read application/json; charset=utf-8, which application/* promised: a part of what they were promised',
    ],
  ],
  [
    'application/xml removed, only application/json left (nothing it promised is left)',
    { 'application/xml': STRING, 'application/json': STRING },
    { 'application/json': STRING },
    ['breaking', 'response 200 application/xml', DIFFER, READ_GONE],
  ],
  [
    'text/* removed beside application/json (it promised no application/json)',
    { 'text/*': STRING, 'application/json': STRING },
    { 'application/json': STRING },
    ['breaking', 'response 200 text/*', DIFFER, READ_GONE],
  ],
  [
    'application/json removed beside */* (narrower than the type left: callers may now read any type)',
    { 'application/json': STRING, '*/*': STRING },
    { '*/*': STRING },
    ['breaking', 'response 200 application/json', DIFFER, READ_GONE],
  ],
])('a response media type %s', (_name, before, after, [impact, where, judgedBy, reason]) => {
  expect(judged(answeringIn(before), answeringIn(after))).toEqual([
    [impact, 'response', 'GET /items', where, 'removed', judgedBy, reason],
  ]);
});

test("a request media type */* removed beside application/json: breaking, as the differ says (callers that sent text/plain are refused); the response rule is not the request's", () => {
  expect(
    judged(sending({ '*/*': STRING, 'application/json': STRING }), sending({ 'application/json': STRING })),
  ).toEqual([
    [
      'breaking',
      'request',
      'POST /items',
      'request body */*',
      'removed',
      DIFFER,
      'callers that send this media type send one the new spec refuses',
    ],
  ]);
});

test('a request media type */* → application/json (narrowed): breaking, by our rule (callers that sent text/plain are refused); one media type renamed, its schema compared with the old one', () => {
  expect(judged(sending({ '*/*': STRING }), sending({ 'application/json': INTEGER }))).toEqual([
    [
      'breaking',
      'request',
      'POST /items',
      'request body',
      'content "*/*" → "application/json"',
      'rule request-media-type-narrowed',
      'callers that send a media type "*/*" took and "application/json" does not are refused',
    ],
    [
      'breaking',
      'request',
      'POST /items',
      'request body */*',
      'type "string" → "integer"',
      'rule type-replaced',
      SENT_REFUSED,
    ],
  ]);
});

test.each<[string, string, string, unknown[]]>([
  [
    'application/* → application/json (narrowed)',
    'application/*',
    'application/json',
    [
      'breaking',
      'rule request-media-type-narrowed',
      'callers that send a media type "application/*" took and "application/json" does not are refused',
    ],
  ],
  [
    'application/json → */* (widened)',
    'application/json',
    '*/*',
    ['non-breaking', DIFFER, 'what callers send is still accepted'],
  ],
  [
    'application/json → application/*; charset=utf-8 (widened, a parameter added)',
    'application/json',
    'application/*; charset=utf-8',
    ['non-breaking', DIFFER, 'what callers send is still accepted'],
  ],
  [
    'Application/JSON → application/json (the same type)',
    'Application/JSON',
    'application/json',
    ['non-breaking', DIFFER, 'what callers send is still accepted'],
  ],
])('a request media type %s', (_name, before, after, [impact, judgedBy, reason]) => {
  expect(judged(sending({ [before]: STRING }), sending({ [after]: STRING }))).toEqual([
    [
      impact,
      'request',
      'POST /items',
      'request body',
      `content ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
      judgedBy,
      reason,
    ],
  ]);
});

test.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
  [
    'a field named content of a request example (text/plain → application/json)',
    { 'application/json': { example: { content: 'text/plain' } } },
    { 'application/json': { example: { content: 'application/json' } } },
    'example.content "text/plain" → "application/json"',
  ],
  [
    "a request schema's oneOf → anyOf (the differ reports the keyword renamed)",
    { 'application/json': { schema: { oneOf: [{ type: 'string' }, { type: 'integer' }] } } },
    { 'application/json': { schema: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } },
    'renamed',
  ],
])("%s: no media type, so not our media-type rule's", (_name, before, after, change) => {
  expect(compareSpecs(differ, sending(before), sending(after)).map((c) => [c.change, c.judgedBy])).toEqual([
    [change, 'rule unclassified-judged'],
  ]);
});

test("withMediaTypeMapping puts our resolver wherever the rules hold the differ's: in rules a function makes, in a rule reached twice or in a cycle (copied once), the rules given left as they were", () => {
  const differMapping = () => ({ added: [], removed: [], mapped: {} });
  const shared: Record<string, unknown> = { mapping: differMapping };
  shared['/self'] = shared;
  const rules = {
    '/a': shared,
    '/b': shared,
    '/made': (context: unknown) => ({ context, '/content': { mapping: differMapping } }),
  };
  const patched = withMediaTypeMapping(rules, differMapping) as Record<string, Record<string, unknown>>;
  const made = (patched['/made'] as unknown as (context: unknown) => Record<string, Record<string, unknown>>)('ctx');
  const ours = made['/content']?.mapping as (before: object, after: object) => unknown;
  expect([patched['/a'], patched['/a']?.['/self'], made.context]).toEqual([patched['/b'], patched['/b'], 'ctx']);
  expect(patched['/a']?.['/self']).toBe(patched['/a']);
  expect(patched['/a']?.mapping).toBe(ours);
  expect(
    ours({ 'application/json': 1, '*/*': 1, 'text/plain': 1 }, { '*/*': 1, 'Application/JSON': 1, 'image/png': 1 }),
  ).toEqual({
    added: ['image/png'],
    removed: ['text/plain'],
    mapped: { 'application/json': 'Application/JSON', '*/*': '*/*' },
  });
  expect(shared.mapping).toBe(differMapping);
});

test("a `type` inside an operation's extension (x-quota.type) changed: not a schema's type, so not our type rule's; a vendor extension, documentation only by our rule (the differ leaves it unclassified)", () => {
  const changes = compareSpecs(
    differ,
    getWith({ 'x-quota': { type: 'integer' } }),
    getWith({ 'x-quota': { type: 'string' } }),
  );
  expect(
    changes.map((change) => [
      change.impact,
      change.side,
      change.where,
      change.change,
      change.judgedBy,
      change.reason,
      change.differ.type,
    ]),
  ).toEqual([
    [
      'annotation',
      'document',
      'x-quota',
      'type "integer" → "string"',
      'rule extension-changed',
      'a vendor extension (x-…): tools read it, callers send and read nothing of it',
      'unclassified',
    ],
  ]);
});

const queryParameter = (extra: Record<string, unknown>, schema: Record<string, unknown> = {}) => ({
  parameters: [{ name: 'q', in: 'query', ...extra, schema: { type: 'string', ...schema } }],
});

test.each<[string, unknown, unknown, string]>([
  [
    "the document's own (x-meta)",
    aSpec({ '/items': { get: { responses: OK } } }, { 'x-meta': { type: 'a' } }),
    aSpec({ '/items': { get: { responses: OK } } }, { 'x-meta': { type: 'b' } }),
    'x-meta.type',
  ],
  [
    "a parameter's (x-kind)",
    getWith(queryParameter({ 'x-kind': { type: 'a' } })),
    getWith(queryParameter({ 'x-kind': { type: 'b' } })),
    'query parameter q',
  ],
  [
    "a parameter schema's (x-kind)",
    getWith(queryParameter({}, { 'x-kind': { type: 'a' } })),
    getWith(queryParameter({}, { 'x-kind': { type: 'b' } })),
    'query parameter q',
  ],
  [
    "an operation's responses' (x-note, which is no status)",
    aSpec({ '/items': { get: { responses: { ...OK, 'x-note': { type: 'a' } } } } }),
    aSpec({ '/items': { get: { responses: { ...OK, 'x-note': { type: 'b' } } } } }),
    'response x-note',
  ],
  [
    "a response property's (x-unit, the property named properties)",
    answering({ type: 'object', properties: { properties: { type: 'string', 'x-unit': 'cm' } } }),
    answering({ type: 'object', properties: { properties: { type: 'string', 'x-unit': 'mm' } } }),
    'response 200 application/json',
  ],
])('a change inside a vendor extension, %s: documentation only, by our rule', (_name, before, after, where) => {
  expect(compareSpecs(differ, before, after).map((change) => [change.impact, change.where, change.judgedBy])).toEqual([
    ['annotation', where, 'rule extension-changed'],
  ]);
});

test.each<[string, unknown, unknown, unknown[]]>([
  [
    'a response property named x-trace removed',
    answering({ type: 'object', properties: { 'x-trace': { type: 'string' } } }),
    answering({ type: 'object', properties: {} }),
    ['breaking', 'property x-trace removed', 'rule response-property-removed'],
  ],
  [
    "a response property x-trace's type changed",
    answering({ type: 'object', properties: { 'x-trace': { type: 'string' } } }),
    answering({ type: 'object', properties: { 'x-trace': { type: 'integer' } } }),
    ['breaking', 'x-trace: type "string" → "integer"', 'rule type-replaced'],
  ],
  [
    'a response header named x-rate removed',
    aSpec({
      '/items': { get: { responses: { '200': { description: 'OK', headers: { 'x-rate': { schema: {} } } } } } },
    }),
    aSpec({ '/items': { get: { responses: { '200': { description: 'OK', headers: {} } } } } }),
    ['breaking', 'removed', DIFFER],
  ],
  [
    "a key named x-a inside a parameter's default (data, not the spec's)",
    getWith(queryParameter({}, { type: 'object', default: { 'x-a': 1 } })),
    getWith(queryParameter({}, { type: 'object', default: { 'x-a': 2 } })),
    ['breaking', 'default.x-a 1 → 2', 'rule unclassified-judged'],
  ],
  [
    'credentials of a scheme named x-key required where none were',
    getWith(
      { security: [{}] },
      { components: { securitySchemes: { 'x-key': { type: 'apiKey', in: 'header', name: 'K' } } } },
    ),
    getWith(
      { security: [{ 'x-key': [] }] },
      { components: { securitySchemes: { 'x-key': { type: 'apiKey', in: 'header', name: 'K' } } } },
    ),
    ['breaking', 'scheme x-key added to alternative 1', 'rule security-added'],
  ],
])('%s: a name beginning with x- is no extension, judged as any other', (_name, before, after, expected) => {
  expect(compareSpecs(differ, before, after).map((change) => [change.impact, change.change, change.judgedBy])).toEqual([
    expected,
  ]);
});

test("changes of one impact: the document's before an operation's; the differ's pointer escapes ~ and / (RFC 6901)", () => {
  const paths = (get: Record<string, unknown>) => ({ '/a~b': { get: { responses: OK, ...get } } });
  const changes = compareSpecs(
    differ,
    aSpec(paths({}), BEARER),
    aSpec(paths({ parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }] }), {
      ...BEARER,
      security: [{ bearer: [] }],
    }),
  );
  expect(changes.map((change) => [change.impact, change.operation, change.where, change.differ.pointer])).toEqual([
    ['breaking', undefined, 'security', '/security'],
    ['breaking', 'GET /a~b', 'query parameter q', '/paths/~1a~0b/get/parameters/0'],
  ]);
});
