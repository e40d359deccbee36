// The viewer's data calls, as the platform's SDK makes them: `GET {APIHost}/data/v2/files/{modelId}/…`
// with `view_token=` in the query (no Authorization; the SDK's form Content-type, which a browser
// sends without a preflight). A page's own fetch of the same URLs gets the same answers.

/** The service's envelope as a data call answers it. */
export interface Envelope {
  code: string;
  message: string | null;
  data: unknown;
}

/** The view-token data paths of a single model, after `/data/v2/files/{modelId}`. */
export type DataPath = `/elements/${string}` | '/floors' | '/floors?includeRoom=true' | '/tree?v=2.0';

/** Where a data call goes: the viewer's API host, the model and the token it opened. */
export interface DataSource {
  apiHost: string;
  modelId: string;
  viewToken: string;
}

/** The URL a data call asks (what a page may fetch itself). */
export function dataUrl(source: DataSource, path: DataPath): string {
  const separator = path.includes('?') ? '&' : '?';
  return `${source.apiHost}/data/v2/files/${encodeURIComponent(source.modelId)}${path}${separator}view_token=${encodeURIComponent(source.viewToken)}`;
}

/** One data call; never throws (no answer is an envelope with code `network.error`). */
export async function fetchData(source: DataSource, path: DataPath): Promise<Envelope> {
  const url = dataUrl(source, path);
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
  path: DataPath,
  success: (value: unknown) => void,
  failure: unknown,
  pick: (envelope: Envelope) => unknown = (envelope) => envelope.data,
): void {
  void fetchData(source, path).then((envelope) => {
    if (envelope.code === 'success') return success(pick(envelope));
    if (typeof failure === 'function')
      (failure as (reason: string) => void)(`dataCode: ${envelope.code}, dataMessage: ${envelope.message ?? ''}`);
  });
}
