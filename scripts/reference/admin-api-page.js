// docs/reference/admin-api.md: every operation under /__admin of spec/mock.openapi.yaml, with its
// parameters, body and answers, and the schemas they name.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { parse } = require('yaml');
const { banner, code, collectRefs, link, notes, refName, schemaBlock, table, typeText } = require('./markdown');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The value a local `$ref` names, followed until it is not one. */
function resolve(spec, value) {
  let current = value;
  for (let hops = 0; current && current.$ref && hops < 16; hops += 1) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key], spec);
  }
  return current;
}

function adminOperations(spec) {
  return Object.entries(spec.paths)
    .filter(([route]) => route.startsWith('/__admin'))
    .flatMap(([route, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        route,
        method,
        operation: item[method],
        shared: item.parameters ?? [],
      })),
    );
}

function security(operation, spec) {
  const needs = operation.security ?? spec.security ?? [];
  if (needs.length === 0) return 'Never needs the admin token.';
  return needs.some((requirement) => Object.keys(requirement).length === 0)
    ? 'Needs `Authorization: Bearer <token>` when the mock runs with `--admin-token`.'
    : 'Always needs credentials.';
}

function parameterTable(spec, parameters) {
  const rows = parameters
    .map((parameter) => resolve(spec, parameter))
    .map((parameter) => [
      code(parameter.name),
      parameter.in,
      typeText(parameter.schema),
      parameter.required ? 'yes' : '',
      [notes(parameter), notes(parameter.schema)].filter(Boolean).join(' '),
    ]);
  return table(['Parameter', 'In', 'Type', 'Required', 'Description'], rows);
}

function bodyPart(spec, requestBody) {
  const body = resolve(spec, requestBody);
  return Object.entries(body.content ?? {}).flatMap(([mediaType, { schema }]) => [
    `**Body** (${code(mediaType)}${body.required ? ', required' : ''}): ${schemaBlock(schema)}`,
    '',
  ]);
}

function answerRows(spec, responses) {
  return Object.entries(responses).map(([status, given]) => {
    const response = resolve(spec, given);
    const bodies = Object.entries(response.content ?? {}).map(
      ([mediaType, { schema }]) =>
        `${code(mediaType)} ${typeText(schema)}${schema && !schema.$ref && schema.properties ? ' (fields below)' : ''}`,
    );
    const headers = Object.keys(response.headers ?? {}).map((name) => `header ${code(name)}`);
    return [code(status), response.description ?? '', [...bodies, ...headers].join('; ')];
  });
}

/** Inline answer bodies with fields (a list page, a count) get their table under the answers. */
function inlineAnswerBodies(spec, responses) {
  return Object.entries(responses).flatMap(([status, given]) =>
    Object.entries(resolve(spec, given).content ?? {})
      .filter(([, { schema }]) => schema && !schema.$ref && schema.properties)
      .flatMap(([mediaType, { schema }]) => [`**${status} body** (${code(mediaType)}): ${schemaBlock(schema)}`, '']),
  );
}

function operationSection(spec, { route, method, operation, shared }) {
  const parameters = [...shared, ...(operation.parameters ?? [])];
  return [
    `### ${method.toUpperCase()} ${route}`,
    '',
    `${operation.summary ?? ''}${operation.summary && !/[.?!]$/.test(operation.summary) ? '.' : ''} Operation ${code(operation.operationId)}. ${security(operation, spec)}`,
    ...(operation.description ? ['', operation.description.trim()] : []),
    '',
    ...(parameters.length > 0 ? [parameterTable(spec, parameters), ''] : []),
    ...(operation.requestBody ? bodyPart(spec, operation.requestBody) : []),
    table(['Status', 'Meaning', 'Body'], answerRows(spec, operation.responses)),
    '',
    ...inlineAnswerBodies(spec, operation.responses),
  ];
}

/** The schemas the admin operations name, and the schemas those name, each once, in the order met. */
function namedSchemas(spec, operations) {
  const seen = [];
  const pending = collectRefs(operations.map(({ operation, shared }) => [operation, shared]));
  while (pending.length > 0) {
    const ref = pending.shift();
    if (seen.includes(ref)) continue;
    seen.push(ref);
    pending.push(...collectRefs(resolve(spec, { $ref: ref })));
  }
  return seen
    .filter((ref) => ref.startsWith('#/components/schemas/'))
    .map((ref) => [refName(ref), resolve(spec, { $ref: ref })]);
}

/** The spec's own words on the admin API: its tag, and the paragraph of the spec's description on `/__admin`. */
function introduction(spec) {
  const tag = spec.tags.find((entry) => entry.name === 'admin');
  const paragraph = spec.info.description.split(/\n\s*\n/).find((text) => text.trim().startsWith('`/__admin`'));
  if (!tag || !paragraph)
    throw new Error(
      'spec/mock.openapi.yaml: no "admin" tag or no paragraph of info.description starting with `/__admin`',
    );
  return [tag.description.trim(), '', paragraph.trim().replace(/\s*\n\s*/g, ' '), '', `Errors: ${link('Problem')}.`];
}

/** The page's text. */
function adminApiPage(root) {
  const spec = parse(readFileSync(path.join(root, 'spec/mock.openapi.yaml'), 'utf8'));
  const operations = adminOperations(spec);
  const schemas = namedSchemas(spec, operations);
  return [
    banner('`spec/mock.openapi.yaml` (the operations under `/__admin`)'),
    '',
    '# Admin API (`/__admin`)',
    '',
    ...introduction(spec),
    '',
    table(
      ['Operation', 'Method and path', 'What it does'],
      operations.map(({ route, method, operation }) => [
        code(operation.operationId),
        code(`${method.toUpperCase()} ${route}`),
        operation.summary ?? '',
      ]),
    ),
    '',
    '## Operations',
    '',
    ...operations.flatMap((entry) => operationSection(spec, entry)),
    '## Schemas',
    '',
    ...schemas.flatMap(([name, schema]) => [`### ${name}`, '', schemaBlock(schema), '']),
  ].join('\n');
}

module.exports = { adminApiPage };
