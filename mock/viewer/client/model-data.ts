// The viewer's data calls, as the platform's SDK makes them: `GET {APIHost}/data/v2/files/{modelId}/…`
// for a single model, `/data/v2/integrations/{modelId}/…` for an integrated one (its components
// `fileId.elementId`), with `view_token=` in the query (no Authorization; the SDK's form Content-type,
// which a browser sends without a preflight). A page's own fetch of the same URLs gets the same answers.

/** The service's envelope as a data call answers it. */
export interface Envelope {
  code: string;
  message: string | null;
  data: unknown;
}

/** What a data call asks for. */
export type DataCall =
  | { kind: 'element'; objectId: string }
  | { kind: 'floors'; includeRoom: boolean }
  | { kind: 'tree' }
  /** An integrated model's files. */
  | { kind: 'files' };

/** Where a data call goes: the viewer's API host, the model and the token it opened, and its kind. */
export interface DataSource {
  apiHost: string;
  modelId: string;
  viewToken: string;
  /** An integrated model (`modelType` other than `singleModel`): the integration routes. */
  integration: boolean;
}

function singleModelPath(call: DataCall): string {
  switch (call.kind) {
    case 'element':
      return `/elements/${encodeURIComponent(call.objectId)}?`;
    case 'floors':
      return call.includeRoom ? '/floors?includeRoom=true&' : '/floors?';
    case 'tree':
      return '/tree?v=2.0&';
    case 'files':
      return '/files?';
  }
}

function integrationPath(call: DataCall): string {
  switch (call.kind) {
    case 'element': {
      const [fileId = '', elementId = ''] = call.objectId.split('.');
      return `/files/${encodeURIComponent(fileId)}/elements/${encodeURIComponent(elementId)}?`;
    }
    case 'floors':
      return call.includeRoom ? '/floors?includeRoom=true&' : '/floors?';
    case 'tree':
      return '/tree?treeType=specialty&';
    case 'files':
      return '/files?includeDrawingSheet=true&';
  }
}

/** The URL a data call asks (what a page may fetch itself). */
function dataUrl(source: DataSource, call: DataCall): string {
  const base = source.integration ? 'integrations' : 'files';
  const path = source.integration ? integrationPath(call) : singleModelPath(call);
  return `${source.apiHost}/data/v2/${base}/${encodeURIComponent(source.modelId)}${path}view_token=${encodeURIComponent(source.viewToken)}`;
}

/** One data call; never throws (no answer is an envelope with code `network.error`). */
export async function fetchData(source: DataSource, call: DataCall): Promise<Envelope> {
  const url = dataUrl(source, call);
  try {
    const response = await fetch(url, { headers: { 'Content-type': 'application/x-www-form-urlencoded' } });
    const body = (await response.json()) as Partial<Envelope>;
    if (typeof body.code === 'string')
      return { code: body.code, message: body.message ?? null, data: body.data ?? null };
    return {
      code: 'unexpected.answer',
      message: `GET ${url} answered ${response.status} without the envelope`,
      data: null,
    };
  } catch (error) {
    return { code: 'network.error', message: `GET ${url} got no answer (${String(error)})`, data: null };
  }
}

/**
 * Runs a data call the SDK's way: `success` with what `pick` takes of the envelope when its code is
 * `success`, else `failure` (when given) with a sentence naming the code and message.
 */
export function callData(
  source: DataSource,
  call: DataCall,
  success: (value: unknown) => void,
  failure: unknown,
  pick: (envelope: Envelope) => unknown = (envelope) => envelope.data,
): void {
  void fetchData(source, call).then((envelope) => {
    if (envelope.code === 'success') return success(pick(envelope));
    if (typeof failure === 'function')
      (failure as (reason: string) => void)(`dataCode: ${envelope.code}, dataMessage: ${envelope.message ?? ''}`);
  });
}
