import { readFileSync } from 'node:fs';
import { UsageError } from '../options';

/** One call a journal recorded: what it sent and how it was answered. */
export interface RecordedCall {
  /** How the report names it: `#4 GET /view/token?fileId=abc → 400`, or `fileId=10001 → 200 or 201`. */
  name: string;
  /** Undefined for a --record file, which keeps ids and statuses but not which operation. */
  method: string | undefined;
  path: string | undefined;
  query: Record<string, string | string[]>;
  /** The statuses it was answered with (a --record file's "exists" is 200 or 201). */
  statuses: number[];
  /** A --record file's id: the parameter name and the value. */
  recordedId?: { parameter: string; value: string };
}

export interface Journal {
  file: string;
  kind: 'journal' | 'record';
  calls: RecordedCall[];
}

const RECORD_KEYS = ['description', 'objects', 'missing', 'forbidden'];
const RECORD_STATUSES = { objects: [200, 201], missing: [404], forbidden: [403] } as const;

/**
 * Reads `--journal FILE`: the mock's journal (the JSON of `GET /__admin/requests`: `{ requests: [...] }`)
 * or a file `--record` wrote (`{ objects, missing, forbidden }`). Anything else is a UsageError saying which.
 * @example readJournal('journal.json').calls[0]?.name // '#1 GET /view/token?fileId=10001 → 200'
 */
export function readJournal(file: string): Journal {
  const name = `--journal ${file}`;
  const data = parseJson(name, file);
  if (Array.isArray((data as { requests?: unknown } | null)?.requests))
    return {
      file,
      kind: 'journal',
      calls: (data as { requests: unknown[] }).requests.map((entry, index) => toCall(name, entry, index)),
    };
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && RECORD_KEYS.some((key) => key in data))
    return { file, kind: 'record', calls: toRecordedCalls(name, data as Record<string, unknown>) };
  throw new UsageError(
    `${name}: neither a journal (the JSON of GET /__admin/requests: {"requests": [...]}) nor a file --record wrote ({"objects", "missing", "forbidden"})`,
  );
}

function parseJson(name: string, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${name}: cannot read it (${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)})`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${name}: not JSON (${(error as Error).message})`);
  }
}

function toCall(name: string, entry: unknown, index: number): RecordedCall {
  const where = `${name}: requests[${index}]`;
  if (typeof entry !== 'object' || entry === null) throw new UsageError(`${where} is not an object`);
  const { id, method, path, query, status } = entry as Record<string, unknown>;
  if (typeof method !== 'string' || method === '') throw new UsageError(`${where} has no method`);
  if (typeof path !== 'string' || !path.startsWith('/')) throw new UsageError(`${where} has no path starting with /`);
  if (!Number.isInteger(status)) throw new UsageError(`${where} has no integer status`);
  const checked = toQuery(where, query ?? {});
  // The values as the journal keeps them (not percent-encoded): the report escapes what a terminal could act on.
  const search = Object.entries(checked)
    .flatMap(([key, value]) => (typeof value === 'string' ? [value] : value).map((item) => `${key}=${item}`))
    .join('&');
  const label = typeof id === 'number' || typeof id === 'string' ? `#${id} ` : `requests[${index}] `;
  return {
    name: `${label}${method} ${path}${search === '' ? '' : `?${search}`} → ${String(status)}`,
    method,
    path,
    query: checked,
    statuses: [status as number],
  };
}

function toQuery(where: string, query: unknown): Record<string, string | string[]> {
  if (typeof query !== 'object' || query === null || Array.isArray(query))
    throw new UsageError(`${where}: query is not an object`);
  for (const [key, value] of Object.entries(query))
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
      throw new UsageError(`${where}: query.${key} is neither a string nor a list of strings`);
  return query as Record<string, string | string[]>;
}

function toRecordedCalls(name: string, data: Record<string, unknown>): RecordedCall[] {
  const unknown = Object.keys(data).filter((key) => !RECORD_KEYS.includes(key));
  if (unknown.length > 0)
    throw new UsageError(
      `${name}: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in a file --record writes (it holds ${RECORD_KEYS.join(', ')})`,
    );
  return (Object.keys(RECORD_STATUSES) as (keyof typeof RECORD_STATUSES)[]).flatMap((key) =>
    idsOf(name, key, data[key]).map(({ parameter, value }) => ({
      name: `${parameter}=${value} → ${RECORD_STATUSES[key].join(' or ')}`,
      method: undefined,
      path: undefined,
      query: { [parameter]: value },
      statuses: [...RECORD_STATUSES[key]],
      recordedId: { parameter, value },
    })),
  );
}

/** `objects` maps each parameter to `{ id: {...} }`; `missing` and `forbidden` map it to a list of ids. */
function idsOf(name: string, key: string, section: unknown): { parameter: string; value: string }[] {
  if (section === undefined) return [];
  if (typeof section !== 'object' || section === null || Array.isArray(section))
    throw new UsageError(`${name}: ${key} is not an object`);
  return Object.entries(section).flatMap(([parameter, ids]) => {
    const list =
      key === 'objects'
        ? typeof ids === 'object' && ids !== null && !Array.isArray(ids)
          ? Object.keys(ids)
          : undefined
        : ids;
    if (!Array.isArray(list) || !list.every((id) => typeof id === 'string'))
      throw new UsageError(
        `${name}: ${key}.${parameter} is not ${key === 'objects' ? 'an object keyed by id' : 'a list of id strings'}`,
      );
    return (list as string[]).map((value) => ({ parameter, value }));
  });
}
