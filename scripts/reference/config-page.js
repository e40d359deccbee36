// docs/reference/config.md: the config file (--config, createMockServer({ config })), from
// view-token-mock.config.schema.json.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { banner, code, schemaBlock, table, typeText, notes } = require('./markdown');

/** The page's text. */
function configPage(root) {
  const schema = JSON.parse(readFileSync(path.join(root, 'view-token-mock.config.schema.json'), 'utf8'));
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([name, field]) => [
    code(name),
    typeText(field),
    required.has(name) ? 'yes' : '',
    notes(field),
  ]);
  return [
    banner('`view-token-mock.config.schema.json`'),
    '',
    `# Config file: ${schema.title}`,
    '',
    schema.description,
    '',
    '## Top-level fields',
    '',
    table(['Field', 'Type', 'Required', 'Description'], fields),
    '',
    ...(schema.additionalProperties === false ? ['Other fields are refused.', ''] : []),
    '## Definitions',
    '',
    ...Object.entries(schema.definitions ?? {}).flatMap(([name, definition]) => [
      `### ${name}`,
      '',
      schemaBlock(definition),
      '',
    ]),
  ].join('\n');
}

module.exports = { configPage };
