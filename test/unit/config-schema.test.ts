import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { toMockConfig } from '../../mock/config/config-check';
import { ConfigError } from '../../mock/config/config-error';

const ROOT = path.resolve(__dirname, '../..');
const schema = JSON.parse(readFileSync(path.join(ROOT, 'view-token-mock.config.schema.json'), 'utf8')) as {
  definitions: Record<string, { properties?: object; required?: string[] }>;
};
const W = '--config mock.json';
const app = { appKey: 'app-a', appSecret: 's' };

const refusal = (input: unknown): unknown => {
  try {
    toMockConfig(input, W);
  } catch (error) {
    return error;
  }
  return undefined;
};

test.each<[string, unknown, string]>([
  ['not an object', [], `${W}: expected an object, not []`],
  [
    'an unknown top-level field',
    { missng: {} },
    `${W}: unknown field "missng" (known: description, missing, forbidden, objects, applications, rules, ruleFiles, sessionIdle, catalog)`,
  ],
  [
    'an unknown id parameter',
    { missing: { fooId: ['1'] } },
    `${W}: missing: "fooId" is not an id parameter (use fileId, integrateId, compareId, sceneId, submodelId, clashDetectiveId, moduleDataId)`,
  ],
  [
    'an id list that is not an array',
    { forbidden: { fileId: '1' } },
    `${W}: forbidden.fileId: expected an array, not "1"`,
  ],
  ['an id with a letter', { missing: { fileId: ['12', 'x1'] } }, `${W}: missing.fileId[1]: "x1" is not an int64 id`],
  ['an id that is a fraction', { missing: { fileId: [1.5] } }, `${W}: missing.fileId[0]: 1.5 is not an int64 id`],
  ['an id as a boolean', { missing: { fileId: [true] } }, `${W}: missing.fileId[0]: true is not an int64 id`],
  [
    'a JSON number just above 2^53-1',
    { missing: { fileId: [9007199254740992] } },
    `${W}: missing.fileId[0]: 9007199254740992 is not exact as a JSON number; write ids as strings ("9223372036854775807")`,
  ],
  [
    'a JSON number just below -(2^53-1)',
    { missing: { fileId: [-9007199254740992] } },
    `${W}: missing.fileId[0]: -9007199254740992 is not exact as a JSON number; write ids as strings ("9223372036854775807")`,
  ],
  [
    'an id string beyond int64',
    { missing: { sceneId: ['9223372036854775808'] } },
    `${W}: missing.sceneId[0]: "9223372036854775808" is not an int64 id`,
  ],
  ['an application without appSecret', { applications: [{ appKey: 'a' }] }, `${W}: applications[0]: needs "appSecret"`],
  [
    'an empty appKey',
    { applications: [{ appKey: '', appSecret: 's' }] },
    `${W}: applications[0].appKey: must not be empty`,
  ],
  [
    'a blank access token',
    { applications: [{ ...app, accessTokens: [' '] }] },
    `${W}: applications[0].accessTokens[0]: " " must not be blank`,
  ],
  [
    'an unknown application field',
    { applications: [{ ...app, secret: 'x' }] },
    `${W}: applications[0]: unknown field "secret" (known: appKey, appSecret, name, accessTokens)`,
  ],
  ['a rule without then', { rules: [{ when: {} }] }, `${W}: rules[0]: needs "then"`],
  [
    'a rule with an unknown scenario',
    { rules: [{ then: { scenario: 'forbiden' } }] },
    `${W}: rules[0].then.scenario: "forbiden" is not allowed (allowed: access-token-missing, access-token-invalid, access-token-expired, forbidden, not-found, invalid-parameter, server-error, unavailable)`,
  ],
  ['a rule used 0 times', { rules: [{ then: { code: '403' }, times: 0 }] }, `${W}: rules[0].times: 0 must be >= 1`],
  [
    'rules files in a config object (not a file)',
    { ruleFiles: ['qa-7.rules.json'] },
    `${W}: ruleFiles names files, read only from a config file (--config); in code, add the rules with mock.scenarios.addAll`,
  ],
  ['an empty ruleFiles', { ruleFiles: [] }, `${W}: ruleFiles: must NOT have fewer than 1 items`],
  [
    'a second rule letting -1 calls through',
    { rules: [{ then: { code: 401 } }, { then: { code: 401 }, after: -1 }] },
    `${W}: rules[1].after: -1 must be >= 0`,
  ],
  [
    'a catalog file without a name',
    { applications: [app], catalog: { files: [{ id: '1', owner: 'app-a' }] } },
    `${W}: catalog.files[0]: needs "name"`,
  ],
  [
    'a catalog list that is not an array',
    { applications: [app], catalog: { scenes: {} } },
    `${W}: catalog.scenes: expected an array, not {}`,
  ],
  [
    'known objects under an unknown id parameter',
    { objects: { fooId: {} } },
    `${W}: objects: "fooId" is not an id parameter (use fileId, integrateId, compareId, sceneId, submodelId, clashDetectiveId, moduleDataId)`,
  ],
  [
    'a known object whose id has a letter',
    { objects: { fileId: { x1: { name: 'a.rvt' } } } },
    `${W}: objects.fileId: "x1" is not an int64 id`,
  ],
  [
    'a known object whose id is beyond int64',
    { objects: { sceneId: { '9223372036854775808': {} } } },
    `${W}: objects.sceneId: "9223372036854775808" is not an int64 id`,
  ],
  [
    'a known object with an empty name',
    { objects: { fileId: { 7: { name: '' } } } },
    `${W}: objects.fileId[7].name: must not be empty`,
  ],
  [
    'a known object whose name is not a string',
    { objects: { fileId: { 7: { name: 7 } } } },
    `${W}: objects.fileId[7].name: expected a string, not 7`,
  ],
  [
    'a known object with an upper-case extension',
    { objects: { fileId: { 7: { name: 'a.DWG', extension: 'DWG' } } } },
    `${W}: objects.fileId[7].extension: "DWG" must match ^[a-z0-9]+$`,
  ],
  [
    'a known object with an extension with its dot',
    { objects: { fileId: { 7: { name: 'a.dwg', extension: '.dwg' } } } },
    `${W}: objects.fileId[7].extension: ".dwg" must match ^[a-z0-9]+$`,
  ],
  [
    'a known object with an unknown field',
    { objects: { fileId: { 7: { name: 'a.rvt', ext: 'rvt' } } } },
    `${W}: objects.fileId[7]: unknown field "ext" (known: name, extension, model)`,
  ],
  [
    'a known object that is also missing',
    { missing: { fileId: ['7'] }, objects: { fileId: { 7: { name: 'a.rvt' } } } },
    `${W}: objects.fileId: "7" is also listed in missing.fileId; a known object exists and is the caller's`,
  ],
  [
    'a known object that is also forbidden',
    { forbidden: { integrateId: [9] }, objects: { integrateId: { 9: {} } } },
    `${W}: objects.integrateId: "9" is also listed in forbidden.integrateId; a known object exists and is the caller's`,
  ],
])('%s is refused with one line naming the field and the value', (_label, input, message) => {
  const error = refusal(input);
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toBe(message);
});

test.each<[unknown, string]>([
  [9007199254740991, '9007199254740991'],
  [-9007199254740991, '-9007199254740991'],
  [0, '0'],
  [123, '123'],
  ['9223372036854775807', '9223372036854775807'],
  ['-9223372036854775808', '-9223372036854775808'],
])('the id %j is taken exactly as %s (JSON numbers up to 2^53-1, strings to the int64 limits)', (id, exact) => {
  expect(toMockConfig({ missing: { fileId: [id] }, forbidden: { compareId: [id] } }, W)).toMatchObject({
    missing: { fileId: [exact] },
    forbidden: { compareId: [exact] },
  });
});

test('known objects come out checked: ids exact as int64 keys, name and extension kept, the same id free under another parameter', () => {
  expect(
    toMockConfig(
      {
        missing: { sceneId: ['7'] },
        objects: {
          fileId: { '9223372036854775807': { name: 'Tower.rvt', extension: 'rvt' }, 7: { name: 'Plan' } },
          integrateId: { 1: {} },
        },
      },
      W,
    ).objects,
  ).toEqual({
    fileId: { '9223372036854775807': { name: 'Tower.rvt', extension: 'rvt' }, 7: { name: 'Plan' } },
    integrateId: { 1: {} },
  });
});

test('a full config passes, with $schema and description, and comes out checked', () => {
  const config = toMockConfig(
    {
      $schema: './node_modules/view-token-mock/view-token-mock.config.schema.json',
      description: 'QA',
      applications: [{ ...app, name: 'A', accessTokens: ['ci'] }],
      rules: [
        {
          when: { operation: 'getViewToken', param: 'fileId', equals: '7' },
          then: { scenario: 'forbidden' },
          times: 2,
        },
        { when: { operation: 'getViewerData' }, then: { code: 401 }, after: 2 },
      ],
      catalog: {
        files: [{ id: '1', name: 'a.rvt', owner: 'app-a', extension: 'rvt' }],
        integrations: [{ id: '2', name: 'i', owner: 'app-a', fileIds: ['1'] }],
      },
    },
    W,
  );
  expect(config).toEqual({
    missing: {},
    forbidden: {},
    objects: {},
    models: new Map(),
    sessionRules: [],
    applications: [{ appKey: 'app-a', appSecret: 's', name: 'A', accessTokens: ['ci'] }],
    rules: [
      { when: { operation: 'getViewToken', param: 'fileId', equals: '7' }, then: { scenario: 'forbidden' }, times: 2 },
      { when: { operation: 'getViewerData' }, then: { code: 401 }, after: 2 },
    ],
    catalog: expect.objectContaining({
      files: [{ id: '1', name: 'a.rvt', owner: 'app-a', extension: 'rvt' }],
      integrations: [{ id: '2', name: 'i', owner: 'app-a', fileIds: ['1'] }],
    }) as unknown,
  });
});

test('the schema describes rules as the admin API does (spec/mock.openapi.yaml RuleInput, RuleCondition, Preferences), closed to unknown fields', () => {
  const spec = parse(readFileSync(path.join(ROOT, 'spec/mock.openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, { properties: Record<string, object>; required?: string[] }> };
  };
  const { RuleInput, RuleCondition, Preferences } = spec.components.schemas;
  const refs = { when: { $ref: '#/definitions/ruleCondition' }, then: { $ref: '#/definitions/preferences' } };
  expect(schema.definitions.rule).toEqual({
    type: 'object',
    additionalProperties: false,
    required: RuleInput?.required,
    properties: { ...RuleInput?.properties, ...refs },
  });
  expect(schema.definitions.ruleCondition).toEqual({ ...RuleCondition, additionalProperties: false });
  expect(schema.definitions.preferences).toEqual({ ...Preferences, additionalProperties: false });
});

test('the compiled validator is the one the schema gives now (npm run config:schema writes it)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OUTPUT, generateConfigValidator } = require('../../scripts/build-config-validator.js') as {
    OUTPUT: string;
    generateConfigValidator(): string;
  };
  expect(readFileSync(OUTPUT, 'utf8') === generateConfigValidator()).toBe(true);
});
