import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { UsageError } from '../options';

/** One side of the comparison as the user named it: `OLD old.yaml`. */
export interface SpecSource {
  role: 'OLD' | 'NEW';
  file: string;
}

/** An OpenAPI 3 document read for the diff, with what the report names it by. */
export interface DiffSpec {
  file: string;
  document: Record<string, unknown>;
  title: string | undefined;
  version: string | undefined;
}

/**
 * Reads one spec of the comparison: YAML or JSON, OpenAPI 3.0 or 3.1, in one file (every `$ref` local
 * and naming something). Anything else is a UsageError that names the argument, the file and what is wrong.
 * @example readDiffSpec({ role: 'OLD', file: 'spec/view-token.openapi.yaml' }).version // '1.0.0'
 */
export function readDiffSpec(source: SpecSource): DiffSpec {
  const name = `${source.role} ${source.file}`;
  const document = parseDocument(name, readText(name, source.file));
  if (typeof document.swagger === 'string')
    throw new UsageError(`${name}: is Swagger ${document.swagger}; diff compares OpenAPI 3.0 or 3.1 documents`);
  if (typeof document.openapi !== 'string' || !/^3\.[01]\.\d+$/.test(document.openapi))
    throw new UsageError(
      `${name}: not an OpenAPI 3.0 or 3.1 document (its openapi field is ${JSON.stringify(document.openapi) ?? 'missing'})`,
    );
  if (typeof document.paths !== 'object' || document.paths === null || Array.isArray(document.paths))
    throw new UsageError(`${name}: has no paths object, so no operation a caller could call`);
  checkRefs(name, document);
  const info = (document.info ?? {}) as { title?: unknown; version?: unknown };
  return {
    file: source.file,
    document,
    title: typeof info.title === 'string' ? info.title : undefined,
    version: typeof info.version === 'string' ? info.version : undefined,
  };
}

function readText(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : code;
    throw new UsageError(`${name}: cannot read it (${why ?? (error as Error).message})`);
  }
}

function parseDocument(name: string, text: string): Record<string, unknown> {
  let document: unknown;
  try {
    document = parse(text, { maxAliasCount: 1000 }) as unknown;
  } catch (error) {
    throw new UsageError(`${name}: not YAML or JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new UsageError(`${name}: not an OpenAPI document (it holds ${describe(document)}, not an object)`);
  return document as Record<string, unknown>;
}

/** Every `$ref` must name a place in the same file: the differ resolves no other file, and a dangling one would be compared as nothing. */
function checkRefs(name: string, document: Record<string, unknown>): void {
  const pending: [unknown, string][] = [[document, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, at] = next;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (key === '$ref' && typeof item === 'string') checkRef(name, document, item, at);
      else pending.push([item, pointer]);
    }
  }
}

function checkRef(name: string, document: Record<string, unknown>, ref: string, at: string): void {
  if (!ref.startsWith('#'))
    throw new UsageError(
      `${name}: $ref ${ref} (at ${at || '/'}) names another file; diff reads one file: bundle the spec into one first`,
    );
  let value: unknown = document;
  for (const part of decodeURIComponent(ref.slice(1)).split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined) throw new UsageError(`${name}: $ref ${ref} (at ${at || '/'}) names nothing`);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
