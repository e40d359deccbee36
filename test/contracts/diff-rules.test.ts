import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadDiffer } from '../../contracts/diff/load-differ';
import { readDiffSpec } from '../../contracts/diff/read-spec';
import type { SpecChange } from '../../contracts/diff/spec-changes';
import { compareSpecs } from '../../contracts/diff/spec-changes';

// Each rule of the diff on a pair of small specs (test/contracts/fixtures/diff/<case>/new.yaml against
// base.yaml, or the case's own old.yaml): the whole judgement of every change, and for the cases where
// one of our rules overrules api-smart-diff, what the differ alone says (so each rule is shown needed).

const FIXTURES = path.resolve(__dirname, 'fixtures/diff');
const differ = loadDiffer();
const DIFFER = `api-smart-diff ${differ.version}`;
const VERSION_BUMP = ['annotation', 'document', undefined, 'info.version', 'changed: "1.0.0" → "1.1.0"', DIFFER];

function compareCase(name: string, rules?: Parameters<typeof compareSpecs>[3]): SpecChange[] {
  const own = path.join(FIXTURES, name, 'old.yaml');
  const old = readDiffSpec({
    role: 'OLD',
    file: existsSync(own) ? own : path.join(FIXTURES, 'base.yaml'),
  });
  const next = readDiffSpec({ role: 'NEW', file: path.join(FIXTURES, name, 'new.yaml') });
  return compareSpecs(differ, old.document, next.document, rules);
}

const judged = (changes: SpecChange[]) =>
  changes.map((change) => [change.impact, change.side, change.operation, change.where, change.change, change.judgedBy]);

test.each<[string, unknown[][]]>([
  [
    'required-parameter-added',
    [['breaking', 'request', 'GET /view/token', 'query parameter region', 'added (required)', DIFFER]],
  ],
  [
    'optional-parameter-added',
    [['non-breaking', 'request', 'GET /view/token', 'query parameter region', 'added (optional)', DIFFER]],
  ],
  [
    'parameter-removed',
    [['breaking', 'request', 'GET /view/token', 'query parameter fileId', 'removed (optional)', DIFFER]],
  ],
  ['parameters-reordered', []],
  [
    'request-enum-value-removed',
    [['breaking', 'request', 'GET /view/token', 'query parameter mode', 'enum value "full" removed', DIFFER]],
  ],
  [
    'request-enum-value-added',
    [['non-breaking', 'request', 'GET /view/token', 'query parameter mode', 'enum value "draft" added', DIFFER]],
  ],
  [
    'response-enum-value-added',
    [
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'code: enum value "pending" added',
        DIFFER,
      ],
    ],
  ],
  [
    'response-enum-value-removed',
    [
      [
        'non-breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'code: enum value "failed" removed',
        DIFFER,
      ],
    ],
  ],
  [
    'response-optional-field-added',
    [
      [
        'non-breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'property expiresAt added',
        DIFFER,
      ],
    ],
  ],
  [
    'response-field-removed',
    [
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'property data removed',
        'rule response-property-removed',
      ],
    ],
  ],
  ['response-status-removed', [['breaking', 'response', 'GET /view/token', 'response 404', 'removed', DIFFER]]],
  ['response-status-added', [['non-breaking', 'response', 'GET /view/token', 'response 429', 'added', DIFFER]]],
  [
    'int64-id-type-changed-response',
    [
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'objectId: format "int64" removed',
        DIFFER,
      ],
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'objectId: type "integer" → "string"',
        'rule int64-type-changed',
      ],
    ],
  ],
  [
    'int64-id-type-changed-query',
    [
      [
        'breaking',
        'request',
        'GET /view/token',
        'query parameter fileId',
        'type "integer" → "string"',
        'rule int64-type-changed',
      ],
      ['non-breaking', 'request', 'GET /view/token', 'query parameter fileId', 'format "int64" removed', DIFFER],
    ],
  ],
  [
    'int64-id-narrowed-to-int32',
    [['breaking', 'request', 'GET /view/token', 'query parameter fileId', 'format "int64" → "int32"', DIFFER]],
  ],
  [
    'response-type-narrowed',
    [
      [
        'non-breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'ratio: type "number" → "integer"',
        'rule type-replaced',
      ],
    ],
  ],
  [
    'query-parameter-widened-to-string',
    [
      [
        'non-breaking',
        'request',
        'GET /view/token',
        'query parameter page',
        'type "integer" → "string"',
        'rule type-replaced',
      ],
    ],
  ],
  [
    'operation-deprecated',
    [
      [
        'non-breaking',
        'request',
        'GET /view/token',
        'operation',
        'deprecated true added',
        'rule deprecated-still-served',
      ],
    ],
  ],
  ['security-added', [['breaking', 'request', 'GET /view/token', 'security', 'added', 'rule security-added']]],
  ['security-added-under-global', [['non-breaking', 'request', 'GET /view/token', 'security', 'added', DIFFER]]],
  [
    'global-security-made-required',
    [['breaking', 'request', undefined, 'security', 'scheme bearerAuth added to alternative 1', 'rule security-added']],
  ],
  [
    'global-security-made-optional',
    [['non-breaking', 'request', undefined, 'security', 'alternative 2 added: no credentials ({})', DIFFER]],
  ],
  [
    'request-media-type-narrowed',
    [
      [
        'breaking',
        'request',
        'POST /view/token',
        'request body',
        'content "*/*" → "application/json"',
        'rule request-media-type-narrowed',
      ],
    ],
  ],
  [
    'response-media-type-narrowed',
    [['non-breaking', 'response', 'GET /view/token', 'response 200', 'content "*/*" → "application/json"', DIFFER]],
  ],
  [
    'response-media-type-wider-removed',
    [
      [
        'non-breaking',
        'response',
        'GET /view/token',
        'response 200 */*',
        'removed',
        'rule response-media-type-still-promised',
      ],
    ],
  ],
  [
    'openapi-3.1-type-lists',
    [
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'data: type "string" → ["string","null"]',
        'rule type-replaced',
      ],
      [
        'non-breaking',
        'request',
        'GET /view/token',
        'query parameter mode',
        'type "string" → ["string","null"]',
        'rule type-replaced',
      ],
    ],
  ],
  [
    'discriminator-changed',
    [
      [
        'breaking',
        'response',
        'GET /view/token',
        'response 200 application/json',
        'discriminator.propertyName "code" → "data"',
        'rule unclassified-judged',
      ],
    ],
  ],
])('%s: every change judged as a caller meets it', (name, expected) => {
  expect(judged(compareCase(name))).toEqual([...expected, VERSION_BUMP]);
});

test("a `type` inside vendor extensions (an operation's x-quota, a schema's x-codegen) changed: documentation only, by our rule; a real type changed beside them is judged as before", () => {
  expect(judged(compareCase('extension-type-changed'))).toEqual([
    [
      'breaking',
      'response',
      'GET /view/token',
      'response 200 application/json',
      'data: type "string" → "integer"',
      'rule type-replaced',
    ],
    VERSION_BUMP,
    [
      'annotation',
      'response',
      'GET /view/token',
      'response 200 application/json',
      'x-codegen.type "integer" → "string"',
      'rule extension-changed',
    ],
    ['annotation', 'document', 'GET /view/token', 'x-quota', 'type "integer" → "string"', 'rule extension-changed'],
  ]);
});

test('a removed operation breaks its callers; the version bump beside it is documentation only', () => {
  expect(judged(compareCase('operation-removed'))).toEqual([
    [
      'breaking',
      'request',
      'POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken',
      'operation',
      'removed',
      DIFFER,
    ],
    ['annotation', 'document', undefined, 'info.version', 'changed: "1.0.0" → "2.0.0"', DIFFER],
  ]);
});

test.each<[string, string, SpecChange['differ']['type']]>([
  ['media-types', 'message: type "string" → "integer"', 'non-breaking'],
  ['openapi-3.1-type-lists', 'data: type "string" → ["string","null"]', 'non-breaking'],
  ['int64-id-type-changed-response', 'objectId: type "integer" → "string"', 'non-breaking'],
  ['int64-id-type-changed-query', 'type "integer" → "string"', 'non-breaking'],
  ['response-field-removed', 'property data removed', 'non-breaking'],
  ['security-added', 'added', 'non-breaking'],
  ['global-security-made-required', 'scheme bearerAuth added to alternative 1', 'unclassified'],
  ['request-media-type-narrowed', 'content "*/*" → "application/json"', 'non-breaking'],
  ['response-media-type-wider-removed', 'removed', 'breaking'],
  ['extension-type-changed', 'type "integer" → "string"', 'unclassified'],
  ['extension-type-changed', 'x-codegen.type "integer" → "string"', 'unclassified'],
  ['response-type-narrowed', 'ratio: type "number" → "integer"', 'non-breaking'],
  ['discriminator-changed', 'discriminator.propertyName "code" → "data"', 'unclassified'],
  ['operation-deprecated', 'deprecated true added', 'deprecated'],
])("%s: without our rules the report keeps the differ's own verdict on %s (%s)", (name, change, differType) => {
  const alone = compareCase(name, []).find((found) => found.change === change);
  const ruled = compareCase(name).find((found) => found.change === change);
  expect(alone?.differ.type).toBe(differType);
  expect(alone?.judgedBy).toBe(DIFFER);
  expect(ruled?.differ.type).toBe(differType);
  expect(ruled?.judgedBy).not.toBe(DIFFER);
});

test('a content map holding */* and application/json compares type by type: an unchanged one shows no change (the differ alone pairs application/json with */* and calls it removed and added)', () => {
  const old = readDiffSpec({ role: 'OLD', file: path.join(FIXTURES, 'media-types/old.yaml') }).document;
  const same = readDiffSpec({ role: 'NEW', file: path.join(FIXTURES, 'media-types/same.yaml') }).document;
  expect(judged(compareSpecs(differ, old, same))).toEqual([
    ['annotation', 'document', undefined, 'info.version', 'changed: "1.0.0" → "1.0.1"', DIFFER],
  ]);
  const differAlone = differ.apiCompare(old, same).diffs.filter((diff) => diff.type !== 'annotation');
  expect(differAlone.map(({ type, action, path: at }) => [type, action, at.join(' ')])).toEqual([
    ['breaking', 'remove', 'paths /view/token get responses 200 content application/json'],
    ['non-breaking', 'add', 'paths /view/token get responses 200 content application/json'],
  ]);
});

test('a change under both media types is reported once for each, breaking in the response', () => {
  const old = readDiffSpec({ role: 'OLD', file: path.join(FIXTURES, 'media-types/old.yaml') }).document;
  const next = readDiffSpec({ role: 'NEW', file: path.join(FIXTURES, 'media-types/new.yaml') }).document;
  expect(judged(compareSpecs(differ, old, next))).toEqual([
    [
      'breaking',
      'response',
      'GET /view/token',
      'response 200 */*',
      'message: type "string" → "integer"',
      'rule type-replaced',
    ],
    [
      'breaking',
      'response',
      'GET /view/token',
      'response 200 application/json',
      'message: type "string" → "integer"',
      'rule type-replaced',
    ],
  ]);
});

test('the shipped contract compared with itself has no change', () => {
  const spec = readDiffSpec({ role: 'OLD', file: path.resolve(__dirname, '../../spec/view-token.openapi.yaml') });
  expect(compareSpecs(differ, spec.document, structuredClone(spec.document))).toEqual([]);
});

test('every breaking change says why it breaks callers, and every other change why not', () => {
  const changes = [
    'required-parameter-added',
    'response-status-removed',
    'int64-id-type-changed-response',
    'response-optional-field-added',
  ].flatMap((name) => compareCase(name));
  expect(changes.map((change) => [change.change, change.reason])).toEqual([
    ['added (required)', 'callers do not send it, and the new spec requires it'],
    ['changed: "1.0.0" → "1.1.0"', 'documentation only'],
    ['removed', 'callers that handle this answer no longer get it: the new spec does not promise it'],
    ['changed: "1.0.0" → "1.1.0"', 'documentation only'],
    ['objectId: format "int64" removed', 'callers that read what the old spec promised may get something else'],
    [
      'objectId: type "integer" → "string"',
      'callers hold this int64 as a 64-bit integer: a generated client\'s type for it changes, and so does the JSON value they parse (123 → "123")',
    ],
    ['changed: "1.0.0" → "1.1.0"', 'documentation only'],
    ['property expiresAt added', 'callers ignore a field they do not read'],
    ['changed: "1.0.0" → "1.1.0"', 'documentation only'],
  ]);
});

test('the specs compared are left as they were: the journal judges recorded calls on the specs as written (the differ normalizes what it is given in place)', () => {
  const aSpec = (schema: unknown) => ({
    openapi: '3.0.3',
    info: { title: 'Items', version: '1.0.0' },
    paths: {
      '/items': {
        get: { parameters: [{ name: 'q', in: 'query', schema }], responses: { '200': { description: 'OK' } } },
      },
    },
  });
  const old = aSpec({});
  const next = aSpec({ type: 'integer', enum: [1, 2], minimum: 1, exclusiveMinimum: true });
  compareSpecs(differ, old, next);
  expect([old, next]).toEqual([
    aSpec({}),
    aSpec({ type: 'integer', enum: [1, 2], minimum: 1, exclusiveMinimum: true }),
  ]);
});
