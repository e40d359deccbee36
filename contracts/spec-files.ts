import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { UsageError } from './usage-error';

/** A value inside the loaded files, with where it is: the file's URL and a JSON pointer. */
export interface Located {
  value: unknown;
  file: string;
  pointer: string;
}

/** The contract and every file its `$ref`s reach, parsed, keyed by file URL. */
export interface SpecFiles {
  /** The path the user gave (for messages). */
  given: string;
  root: string;
  documents: ReadonlyMap<string, unknown>;
}

const MAX_REF_HOPS = 64;

/**
 * Reads the contract and, transitively, every file a `$ref` names (relative to the file it is in).
 * @example loadSpecFiles('spec/view-token.openapi.yaml').documents.size // 1
 */
export function loadSpecFiles(given: string): SpecFiles {
  const root = pathToFileURL(path.resolve(given)).href;
  const documents = new Map<string, unknown>();
  const pending = [root];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (documents.has(file)) continue;
    const document = readDocument(file, given, file === root);
    documents.set(file, document);
    for (const ref of collectRefs(document)) {
      const target = refFile(ref, file, given);
      if (!documents.has(target)) pending.push(target);
    }
  }
  return { given, root, documents };
}

/** The value a `$ref` names, relative to the file it appears in. */
function resolveRef(files: SpecFiles, ref: string, from: string): Located {
  const hash = ref.indexOf('#');
  const file = refFile(ref, from, files.given);
  const pointer = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
  let value = files.documents.get(file);
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined)
    throw new UsageError(`--spec ${files.given}: $ref ${ref} (in ${shortName(from)}) names nothing`);
  return { value, file, pointer };
}

/** Follows `$ref`s until a value that is not one (across files): 64 in a row at most, and never one twice. */
function follow(files: SpecFiles, located: Located): Located {
  const seen = new Set<string>();
  let current = located;
  let ref = (current.value as { $ref?: unknown } | null | undefined)?.$ref;
  for (let hops = 0; typeof ref === 'string'; hops += 1) {
    const at = `${current.file}#${current.pointer}`;
    const where = `${shortName(current.file)}#${current.pointer}`;
    if (seen.has(at)) throw new UsageError(`--spec ${files.given}: $ref cycle at ${where}`);
    if (hops === MAX_REF_HOPS)
      throw new UsageError(`--spec ${files.given}: more than ${MAX_REF_HOPS} $refs in a row, the last at ${where}`);
    seen.add(at);
    current = resolveRef(files, ref, current.file);
    ref = (current.value as { $ref?: unknown } | null | undefined)?.$ref;
  }
  return current;
}

/** A member of a located object, itself located (and followed when it is a `$ref`). */
export function member(files: SpecFiles, parent: Located, key: string): Located | undefined {
  const value = (parent.value as Record<string, unknown> | null | undefined)?.[key];
  if (value === undefined || value === null) return undefined;
  return follow(files, {
    value,
    file: parent.file,
    pointer: `${parent.pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
  });
}

/** The members of a located object (e.g. a responses or content map). */
export function members(files: SpecFiles, parent: Located | undefined): [string, Located][] {
  if (!parent || typeof parent.value !== 'object' || parent.value === null) return [];
  return Object.keys(parent.value).flatMap((key) => {
    const located = member(files, parent, key);
    return located ? [[key, located] as [string, Located]] : [];
  });
}

/** `file#pointer` as a URI ajv can resolve (each pointer segment URI-encoded). */
export function toSchemaRef(located: Located): string {
  return `${located.file}#${located.pointer
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/')}`;
}

function readDocument(file: string, given: string, isRoot: boolean): unknown {
  const name = isRoot ? given : `${given} ($ref ${shortName(file)})`;
  let text: string;
  try {
    text = readFileSync(fileURLToPath(file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `--spec ${name}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return parse(text, { maxAliasCount: 1000 }) as unknown;
  } catch (error) {
    throw new UsageError(`--spec ${name}: cannot read it as YAML/JSON (${(error as Error).message.split('\n')[0]})`);
  }
}

function refFile(ref: string, from: string, given: string): string {
  const hash = ref.indexOf('#');
  const location = hash === -1 ? ref : ref.slice(0, hash);
  if (location === '') return from;
  const url = new URL(location, from);
  if (url.protocol !== 'file:')
    throw new UsageError(`--spec ${given}: $ref ${ref} is not a local file (download it and refer to the copy)`);
  url.hash = '';
  return url.href;
}

function collectRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else collectRefs(item, found);
    }
  }
  return found;
}

function shortName(file: string): string {
  return path.basename(fileURLToPath(file));
}
