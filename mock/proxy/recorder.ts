import type { ServiceRequest } from '../core/handle-service-request';
import type { IdParameter } from '../core/object-types';
import type { Target } from '../core/target';
import { selectChildFileTarget, selectQueryTarget } from '../core/target';
import { createStateFileWriter } from '../stores/state-file';

/** What the upstream said about one object: it exists (200), it is another application's (403), it is missing (404). */
type Seen = 'exists' | 'forbidden' | 'missing';

const WRITE_AFTER_MS = 200;

export interface Recorder {
  /** Notes what an answered View Token request revealed (other operations reveal nothing to keep). */
  observe(request: ServiceRequest, status: number, json: unknown): void;
  /** Writes what is pending (on close). */
  flush(): Promise<void>;
}

/**
 * `--record FILE`: keeps what the upstream revealed about objects as a config file the mock reads
 * (`--config FILE`): ids it answered 403 as `forbidden`, 404 as `missing`; every other id exists in
 * the mock's open world, as the ones answered 200 did upstream. Only ids and statuses are kept: never
 * an Access Token, View Token, Authorization value or secret. Written atomically a moment after
 * each change and on close.
 * @example const recorder = createRecorder('recorded.json', 'https://staging.example', onError);
 */
export function createRecorder(file: string, upstream: string, onError: (error: unknown) => void): Recorder {
  const seen = new Map<string, { parameter: IdParameter; id: string; state: Seen }>();
  const writer = createStateFileWriter({ file, debounceMs: WRITE_AFTER_MS, capture: async () => toConfig(upstream, [...seen.values()]), onError });
  return {
    observe(request, status, json) {
      const state: Seen | undefined = status === 200 || status === 201 ? 'exists' : status === 403 ? 'forbidden' : status === 404 ? 'missing' : undefined;
      const target = toTarget(request);
      if (state === undefined || target === undefined) return;
      const [parameter, id] = toRecordedId(target, state, json);
      const key = `${parameter}=${id}`;
      if (seen.get(key)?.state === state) return;
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
    const selection = selectChildFileTarget({ integrateId: request.pathParams.integrateId ?? '', fileId: request.pathParams.fileId ?? '' });
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

function toConfig(upstream: string, entries: readonly { parameter: IdParameter; id: string; state: Seen }[]): object {
  const lists = (state: Seen): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const entry of entries) if (entry.state === state) (out[entry.parameter] ??= []).push(entry.id);
    return out;
  };
  const existing = entries.filter((entry) => entry.state === 'exists').map((entry) => `${entry.parameter}=${entry.id}`);
  return {
    description: `Recorded by view-token-mock --proxy ${upstream}. Seen to exist (served as the open world serves every id): ${existing.join(', ') || 'none'}. Serve with: view-token-mock --config <this file>.`,
    missing: lists('missing'),
    forbidden: lists('forbidden'),
  };
}
