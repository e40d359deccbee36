// Markdown helpers of the generated reference pages (scripts/docs-reference.js): table cells, and
// JSON Schema (config file, OpenAPI bodies) as readable types and field tables.

/** A Markdown table cell: one line, `|` escaped, `<` `>` outside code spans as entities (else read as HTML). */
function cell(text) {
  return String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('`')
    .replace(/\|/g, '\\|');
}

function table(header, rows) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

const code = (value) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** GitHub's heading anchor for a heading that is a plain name. */
const anchor = (name) =>
  name
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const refName = (ref) => ref.split('/').pop();
const link = (name) => `[${name}](#${anchor(name)})`;

/** A schema's type in a few words, references as links to their own section. */
function typeText(schema) {
  if (schema === undefined || schema === true || schema === null || typeof schema !== 'object') return 'any';
  if (schema.$ref) return link(refName(schema.$ref));
  if (schema.enum) return `one of ${schema.enum.map(code).join(', ')}`;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(typeText).join(' or ');
  const base = schema.allOf ? schema.allOf.map(typeText) : [];
  const types = [].concat(schema.type ?? (schema.properties || schema.additionalProperties ? 'object' : []));
  const words = types
    .map((type) => {
      if (type === 'array') return `array of ${typeText(schema.items)}`;
      if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object')
        return `object: any key → ${typeText(schema.additionalProperties)}`;
      if (type === 'object' && base.length > 0) return schema.properties ? 'with the fields below' : '';
      return schema.format ? `${type} (${schema.format})` : type;
    })
    .filter(Boolean);
  const text = [base.join(' and '), words.join(' or ')].filter(Boolean).join(', ');
  return `${text || 'any'}${schema.nullable ? ' or null' : ''}`;
}

/** What a schema limits beyond its type, in words. */
function constraints(schema) {
  if (!schema || typeof schema !== 'object' || schema.$ref) return [];
  const said = [];
  if (schema.default !== undefined) said.push(`default ${code(schema.default)}`);
  if (schema.minimum !== undefined) said.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) said.push(`at most ${schema.maximum}`);
  if (schema.minLength !== undefined)
    said.push(`at least ${schema.minLength} character${schema.minLength === 1 ? '' : 's'}`);
  if (schema.maxLength !== undefined) said.push(`at most ${schema.maxLength} characters`);
  if (schema.minProperties !== undefined)
    said.push(`at least ${schema.minProperties} field${schema.minProperties === 1 ? '' : 's'}`);
  if (schema.pattern !== undefined) said.push(`matches ${code(schema.pattern)}`);
  if (schema.example !== undefined) said.push(`e.g. ${code(schema.example)}`);
  return said;
}

/** One sentence of a schema's description and its constraints. */
function notes(schema) {
  const description =
    schema && typeof schema === 'object' && typeof schema.description === 'string' ? schema.description.trim() : '';
  const limits = constraints(schema);
  return [description, limits.length > 0 ? `(${limits.join('; ')})` : ''].filter(Boolean).join(' ');
}

/** The rows of an object schema's fields, inline objects and arrays of them expanded as `a.b` and `a[].b`. */
function fieldRows(schema, prefix = '') {
  if (!schema || typeof schema !== 'object' || schema.$ref) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const nested = isInlineObject(field)
      ? fieldRows(field, `${path}.`)
      : isInlineObject(field.items)
        ? fieldRows(field.items, `${path}[].`)
        : [];
    return [[code(path), typeText(field), required.has(name) ? 'yes' : '', notes(field)], ...nested];
  });
}

const isInlineObject = (schema) => Boolean(schema && typeof schema === 'object' && !schema.$ref && schema.properties);

/** A schema as a paragraph: its type and notes, then a table of its fields when it has some. */
function schemaBlock(schema) {
  const rows = fieldRows(schema);
  const isArrayOfInline = !schema?.properties && isInlineObject(schema?.items);
  const said = notes(schema);
  const lines = [`${typeText(schema)}${said === '' ? '' : `${said.startsWith('(') ? ' ' : '. '}${said}`}`];
  const fields = isArrayOfInline ? fieldRows(schema.items, '[].') : rows;
  if (fields.length > 0) lines.push('', table(['Field', 'Type', 'Required', 'Description'], fields));
  const closed = isArrayOfInline ? schema.items.additionalProperties === false : schema?.additionalProperties === false;
  if (fields.length > 0 && closed) lines.push('', 'Other fields are refused.');
  return lines.join('\n');
}

/** Every `$ref` inside a value, in the order met. */
function collectRefs(value, found = []) {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        if (!found.includes(item)) found.push(item);
      } else collectRefs(item, found);
    }
  }
  return found;
}

/** The generated-file banner every reference page starts with. */
function banner(source) {
  return `<!-- Generated by \`npm run docs:reference\` from ${source}: edit that, not this page (\`npm test\` fails when it is stale). -->`;
}

module.exports = { banner, cell, code, collectRefs, link, notes, refName, schemaBlock, table, typeText };
