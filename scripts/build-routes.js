#!/usr/bin/env node
// Builds the mock's one route table from its two spec files, and the request validators compiled
// from the same operations (ajv standalone code: nothing is compiled at start or in the MSW bundle):
// - spec/generated/routes.ts: every operation with method, path template, area (`x-area` in
//   spec/mock.openapi.yaml; every operation of spec/view-token.openapi.yaml is `service`), whether
//   the admin token guards it (its security names adminAuth), documented statuses, parameters and body;
// - spec/generated/request-validators.ts: per operation, one validator per place (query, path,
//   headers, body), with the `int64` and `date-time` formats injected by the caller (mock/core/routing).
// `npm run spec:types` writes both; `npm run spec:check` fails when either is stale.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const SPECS = { contract: 'spec/view-token.openapi.yaml', mock: 'spec/mock.openapi.yaml' };
const OUTPUTS = {
  routes: path.join(root, 'spec/generated/routes.ts'),
  validators: path.join(root, 'spec/generated/request-validators.ts'),
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** Keywords of OpenAPI 3.0 schemas that JSON Schema (ajv, strict) does not have. */
const OPENAPI_ONLY = new Set([
  'example',
  'nullable',
  'readOnly',
  'writeOnly',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
]);

function readSpec(file) {
  const { parse } = require('yaml');
  return parse(readFileSync(path.join(root, file), 'utf8'));
}

/** The document with every local `$ref` replaced by what it points at (the specs have no recursive schema). */
function resolveRefs(document, value, trail = []) {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(document, item, trail));
  if (typeof value !== 'object' || value === null) return value;
  if (typeof value.$ref === 'string') {
    if (trail.includes(value.$ref)) throw new Error(`${value.$ref} refers to itself`);
    const target = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    if (target === undefined) throw new Error(`${value.$ref} points at nothing`);
    return resolveRefs(document, target, [...trail, value.$ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(document, item, trail)]));
}

/** An OpenAPI 3.0 schema as JSON Schema: `nullable` as a null type, OpenAPI-only and `x-` keywords dropped. */
function toJsonSchema(schema) {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    out[key] = ['properties', 'patternProperties'].includes(key)
      ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, toJsonSchema(item)]))
      : toJsonSchema(value);
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** Operations of one spec file, as table rows. */
function readOperations(file, defaultArea) {
  const spec = resolveRefs(readSpec(file), readSpec(file));
  const rows = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const where = `${method.toUpperCase()} ${template} in ${file}`;
      if (!operation.operationId) throw new Error(`${where} has no operationId`);
      const area = operation['x-area'] ?? defaultArea;
      if (area === undefined) throw new Error(`${where} (${operation.operationId}) has no x-area`);
      const byKey = new Map();
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])])
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      const security = operation.security ?? spec.security ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      const bodySchema = json ? toJsonSchema(json.schema ?? {}) : undefined;
      rows.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: template,
        area,
        adminAuth: security.some((requirement) => Object.hasOwn(requirement, 'adminAuth')),
        statuses: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter(Number.isInteger),
        parameters: [...byKey.values()]
          .filter((parameter) => parameter.in !== 'cookie')
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in,
            required: parameter.required === true,
            schema: toJsonSchema(parameter.schema ?? {}),
          })),
        ...(json ? { body: { required: operation.requestBody.required === true } } : {}),
      });
      // The body's schema goes into the validators only, not into the table.
      Object.defineProperty(rows.at(-1), 'bodySchema', { value: bodySchema, enumerable: false });
    }
  }
  return rows;
}

/** The table: the mock spec's operations, each contract operation checked to be served as the contract has it. */
function readRoutes() {
  const contract = readOperations(SPECS.contract, 'service');
  const routes = readOperations(SPECS.mock, undefined);
  for (const operation of contract) {
    const served = routes.find((route) => route.operationId === operation.operationId);
    if (!served || served.method !== operation.method || served.path !== operation.path || served.area !== 'service') {
      throw new Error(
        `${SPECS.mock} must serve ${operation.operationId} as ${SPECS.contract} has it (${operation.method} ${operation.path}, x-area service)`,
      );
    }
    served.contract = true;
  }
  const ids = routes.map((route) => route.operationId);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new Error(`operationId ${twice} is used twice in ${SPECS.mock}`);
  return routes;
}

/**
 * The JSON Schema a place's values are checked with. URL and header values are strings: an int64 is
 * checked exactly on the string (format int64), never through a JS number; other integers are
 * numbers by then (mock/core/routing/validate-request.ts turns decimal strings into numbers first).
 */
function toPlaceSchema(parameters) {
  const properties = {};
  for (const parameter of parameters) {
    const { schema } = parameter;
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    properties[name] =
      schema.type === 'integer' && schema.format === 'int64'
        ? {
            ...Object.fromEntries(
              Object.entries(schema).filter(([key]) => !['type', 'format', 'minimum', 'maximum'].includes(key)),
            ),
            type: 'string',
            format: 'int64',
          }
        : schema;
  }
  const required = parameters
    .filter((parameter) => parameter.required)
    .map((parameter) => (parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * A parameter no value can break: a plain string in the path (a matched path always has it) or an
 * optional one in a header (Node and fetch hand headers over as strings). A query parameter can
 * always be broken: given twice, it is a list.
 */
function isAlwaysValid(parameter) {
  const keys = Object.keys(parameter.schema).filter((key) => key !== 'description');
  return (
    keys.length === 1 &&
    parameter.schema.type === 'string' &&
    (parameter.in === 'path' || (parameter.in === 'header' && !parameter.required))
  );
}

/** The ajv standalone module of every operation's validators, keyed `<operationId>.<place>`. */
function generateValidators(routes) {
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const { _ } = require('ajv');
  const esbuild = require('esbuild');
  // verbose: each error carries the value and the schema it broke, for messages naming both.
  const ajv = new Ajv({
    code: { source: true, formats: _`require("./formats")` },
    verbose: true,
    allErrors: false,
    strict: true,
    allowUnionTypes: true,
    inlineRefs: false,
  });
  // Stand-ins at build time: the generated code calls the caller's formats (mock/core/routing/request-formats.ts).
  ajv.addFormat('int64', () => true);
  ajv.addFormat('date-time', () => true);
  const exported = {};
  for (const route of routes) {
    for (const place of ['query', 'path', 'header']) {
      const parameters = route.parameters.filter((parameter) => parameter.in === place);
      if (parameters.every(isAlwaysValid)) continue;
      const key = `${route.operationId}.${place}`;
      ajv.addSchema(toPlaceSchema(parameters), key);
      exported[key] = key;
    }
    if (route.bodySchema) {
      const key = `${route.operationId}.body`;
      ajv.addSchema(route.bodySchema, key);
      exported[key] = key;
    }
  }
  // The caller's formats stand where ajv would require a module of them.
  const code = standaloneCode(ajv, exported).replaceAll('require("./formats")', '__formats');
  const bundled = esbuild
    .buildSync({
      stdin: { contents: code, resolveDir: root, sourcefile: 'request-validators.js', loader: 'js' },
      bundle: true,
      format: 'iife',
      globalName: 'standalone',
      platform: 'neutral',
      target: 'es2022',
      write: false,
      logLevel: 'warning',
    })
    .outputFiles[0].text // ajv's note of where a runtime helper lives, for its own code generation: unused here.
    .replace(/^\s*\w+\.code = 'require\([^)]*\)[^']*';\n/gm, '');
  return [
    `// Generated by scripts/build-routes.js from ${SPECS.mock}: do not edit.`,
    '/* eslint-disable */',
    '// @ts-nocheck',
    '/** Compiled request validators, `<operationId>.<query|path|header|body>`, over the formats the caller gives. */',
    'export function createRequestValidators(__formats: Record<string, (value: string) => boolean>): Record<string, ((data: unknown) => boolean) & { errors?: unknown[] | null }> {',
    bundled.trimEnd().replace(/^"use strict";\n/, ''),
    '  return standalone;',
    '}',
    '',
  ].join('\n');
}

function generateRoutes(routes) {
  return [
    `// Generated by scripts/build-routes.js from ${SPECS.contract} and ${SPECS.mock}: do not edit.`,
    '/* eslint-disable */',
    '',
    '/** Every operation the mock serves: method, path template, area, admin-token guard, documented statuses, parameters, JSON body. */',
    `export const ROUTES = [\n${routes.map((route) => `  ${JSON.stringify(route)},`).join('\n')}\n] as const;`,
    '',
  ].join('\n');
}

/** Both generated files' text, from the specs as they are now. */
function generateRouteFiles() {
  const routes = readRoutes();
  return { [OUTPUTS.routes]: generateRoutes(routes), [OUTPUTS.validators]: generateValidators(routes) };
}

module.exports = { OUTPUTS, generateRouteFiles };

if (require.main === module) {
  for (const [file, text] of Object.entries(generateRouteFiles())) writeFileSync(file, text);
}
