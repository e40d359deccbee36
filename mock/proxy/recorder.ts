import type { ServiceRequest } from '../core/service-request';
import type { IdParameter } from '../core/object-types';
import type { Target } from '../core/target';
import { selectChildFileTarget, selectQueryTarget } from '../core/target';
import { createStateFileWriter } from '../stores/state-file';

/** What the upstream said about one object: it exists (200), it is another application's (403), it is missing (404). */
type Seen = 'exists' | 'forbidden' | 'missing';

/** The recording is written at most this often while requests come (and on close): never per request. */
export const RECORD_WRITE_EVERY_MS = 1_000;
/**
 * What `--record` keeps at most, so a flood of distinct ids or an upstream's huge names cannot grow
 * the file (or the mock's memory) without bound: ids per id type (fileId, integrateId, …) and in all
 * (first seen, first kept: a later id past a cap is left out, logged once per cap), and the length of
 * a name and of an extension taken from the upstream's viewer data (a longer name is cut, ending in
 * `…`; a longer extension is not taken). At the caps the file stays under ~1.5 MB.
 */
export const RECORD_LIMITS = { idsPerType: 1_000, ids: 5_000, nameLength: 200, extensionLength: 16 } as const;
export type RecordLimits = { [Key in keyof typeof RECORD_LIMITS]: number };

const DRAWING_RENDER_TYPE = 'drawingView';
/** View Tokens remembered (the oldest forgotten first): enough for a session's viewers, bounded memory. */
const TOKENS_KEPT = 10_000;

interface SeenObject {
  parameter: IdParameter;
  id: string;
  state: Seen;
  name?: string;
  extension?: string;
}

export interface Recorder {
  /**
   * Notes what an answered View Token request revealed, and the viewer data (`GET /inside/databag`)
   * of an object whose View Token it saw issued (other operations reveal nothing to keep).
   */
  observe(request: ServiceRequest, status: number, json: unknown): void;
  /** Writes what is pending (on close). */
  flush(): Promise<void>;
}

/** What a recorder tells its owner: a failed write, a cap reached (once per cap), a write done. */
export interface RecorderEvents {
  onError: (error: unknown) => void;
  onCapReached: (message: string) => void;
  onWritten?: () => void;
}

/**
 * `--record FILE`: keeps what the upstream revealed about objects as a config file the mock reads
 * (`--config FILE`): ids it answered 403 as `forbidden`, 404 as `missing`; every other id exists in
 * the mock's open world; the ones answered 200 are listed in `objects`, with the name and extension
 * the upstream's viewer data gave for their View Token when it was passed through. Which object a
 * View Token is for is kept in memory only: the file holds ids, statuses and names, never an Access
 * Token, View Token, Authorization value or secret. Written atomically at most every
 * RECORD_WRITE_EVERY_MS while changes come, and on close; bounded by RECORD_LIMITS.
 * @example const recorder = createRecorder('recorded.json', 'https://staging.example', { onError, onCapReached });
 */
export function createRecorder(
  file: string,
  upstream: string,
  events: RecorderEvents,
  limits: RecordLimits = RECORD_LIMITS,
): Recorder {
  const seen = new Map<string, SeenObject>();
  /** View Token → the key of the object it is for; in memory only, never written. */
  const tokens = new Map<string, string>();
  const room = createRoom(limits, events.onCapReached);
  const writer = createStateFileWriter({
    file,
    debounceMs: RECORD_WRITE_EVERY_MS,
    capture: async () => toConfig(upstream, [...seen.values()]),
    onError: events.onError,
    ...(events.onWritten ? { onWritten: events.onWritten } : {}),
  });
  return {
    observe(request, status, json) {
      if (request.operationId === 'getViewerData') {
        const key = status === 200 ? tokens.get(String(request.query.viewToken)) : undefined;
        const entry = key === undefined ? undefined : seen.get(key);
        const viewer = toViewerName(json, limits);
        if (
          entry?.state !== 'exists' ||
          viewer === undefined ||
          (entry.name === viewer.name && entry.extension === viewer.extension)
        )
          return;
        seen.set(key as string, { parameter: entry.parameter, id: entry.id, state: 'exists', ...viewer });
        return writer.markDirty();
      }
      const state: Seen | undefined =
        status === 200 || status === 201
          ? 'exists'
          : status === 403
            ? 'forbidden'
            : status === 404
              ? 'missing'
              : undefined;
      const target = toTarget(request);
      if (state === undefined || target === undefined) return;
      const [parameter, id] = toRecordedId(target, state, json);
      const key = `${parameter}=${id}`;
      const token = (json as { data?: unknown } | undefined)?.data;
      if (state === 'exists' && typeof token === 'string' && token !== '') rememberToken(tokens, token, key);
      const known = seen.get(key);
      if (known?.state === state || (known === undefined && !room.take(parameter))) return;
      seen.set(key, { parameter, id, state });
      writer.markDirty();
    },
    flush: () => writer.flush(),
  };
}

function toTarget(request: ServiceRequest): Target | undefined {
  if (request.operationId === 'getViewToken') {
    const selection = selectQueryTarget(request.query);
    return selection.kind === 'ok' ? selection.target : undefined;
  }
  if (request.operationId === 'getChildFileViewToken' || request.operationId === 'getChildFileViewTokenByGet') {
    const selection = selectChildFileTarget({
      integrateId: request.pathParams.integrateId ?? '',
      fileId: request.pathParams.fileId ?? '',
    });
    return selection.kind === 'ok' ? selection.target : undefined;
  }
  return undefined;
}

/**
 * The id an answer is about. A child file's 404 names the integration when the envelope's code says
 * `integration.not.found`, else the file; its 403 and 200 are about the file.
 */
function toRecordedId(target: Target, state: Seen, json: unknown): [IdParameter, string] {
  if (target.kind === 'object') return [target.parameter, target.id];
  const code = (json as { code?: unknown } | undefined)?.code;
  if (state === 'missing' && code === 'integration.not.found') return ['integrateId', target.integrateId];
  return ['fileId', target.fileId];
}

function rememberToken(tokens: Map<string, string>, token: string, key: string): void {
  tokens.set(token, key);
  if (tokens.size > TOKENS_KEPT) tokens.delete(tokens.keys().next().value as string);
}

/** Counts the ids kept, per type and in all; says once per cap when one is reached. */
function createRoom(
  limits: RecordLimits,
  onCapReached: (message: string) => void,
): { take(parameter: IdParameter): boolean } {
  const perType = new Map<IdParameter, number>();
  let all = 0;
  const told = new Set<string>();
  const full = (cap: string, message: string): false => {
    if (!told.has(cap)) onCapReached(message);
    told.add(cap);
    return false;
  };
  return {
    take(parameter) {
      const held = perType.get(parameter) ?? 0;
      if (held >= limits.idsPerType)
        return full(
          parameter,
          `--record keeps at most ${limits.idsPerType} ids per type; ` +
            `further ${parameter}s are left out of the recording`,
        );
      if (all >= limits.ids)
        return full(
          'all',
          `--record keeps at most ${limits.ids} ids in all; further ids are left out of the recording`,
        );
      perType.set(parameter, held + 1);
      all += 1;
      return true;
    },
  };
}

/**
 * The viewer data's model name (cut to `limits.nameLength` characters, ending in `…`), and its
 * extension: the name's own (`Plan.DWG` → `dwg`, at most `limits.extensionLength` characters), else
 * `dwg` when the viewer renders it as a drawing. Undefined when the envelope has no name.
 */
export function toViewerName(
  json: unknown,
  limits: Pick<RecordLimits, 'nameLength' | 'extensionLength'> = RECORD_LIMITS,
): { name: string; extension?: string } | undefined {
  const data = (json as { data?: { name?: unknown; renderType?: unknown } } | undefined)?.data;
  if (typeof data !== 'object' || data === null || typeof data.name !== 'string' || data.name === '') return undefined;
  const own = new RegExp(`\\.([A-Za-z0-9]{1,${limits.extensionLength}})$`).exec(data.name)?.[1]?.toLowerCase();
  const extension = own ?? (data.renderType === DRAWING_RENDER_TYPE ? 'dwg' : undefined);
  return { name: cut(data.name, limits.nameLength), ...(extension === undefined ? {} : { extension }) };
}

/** At most `length` characters, the last one `…` when cut (never half of a surrogate pair). */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const kept = text.slice(0, length - 1);
  return `${/[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}

function toConfig(upstream: string, entries: readonly SeenObject[]): object {
  const lists = (state: Seen): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const entry of entries) if (entry.state === state) (out[entry.parameter] ??= []).push(entry.id);
    return out;
  };
  return {
    description:
      `Recorded by view-token-mock --proxy ${upstream}: ` +
      'objects seen to exist (named as the viewer data named them), forbidden, missing; ' +
      'every other id exists as in the open world. Serve with: view-token-mock --config <this file>.',
    missing: lists('missing'),
    forbidden: lists('forbidden'),
    objects: toObjects(entries),
  };
}

function toObjects(
  entries: readonly SeenObject[],
): Record<string, Record<string, { name?: string; extension?: string }>> {
  const out: Record<string, Record<string, { name?: string; extension?: string }>> = {};
  for (const { parameter, id, state, name, extension } of entries) {
    if (state !== 'exists') continue;
    (out[parameter] ??= {})[id] = {
      ...(name === undefined ? {} : { name }),
      ...(extension === undefined ? {} : { extension }),
    };
  }
  return out;
}
