// `Glodon.Bimface.Data.FileManager`: an integrated model's files and a child file's View Token, as the
// platform's SDK asks for them with the integration's View Token (`view_token=`, no Authorization):
// `GET /data/v2/integrations/{modelId}/files`, `POST …/files/{fileId}/viewToken`.
import { resolveApiHost } from './databag';
import { refuse, withLoudMethods } from './lacking';
import type { Envelope } from './model-data';
import { callData } from './model-data';
import { SCRIPT_BASE } from './script-base';
import { describe } from './viewer-state';

interface FileManagerOptions {
  viewToken?: unknown;
  modelId?: unknown;
  APIHost?: unknown;
}

export class FileManager {
  constructor(private readonly _config: FileManagerOptions) {
    const call = 'new Glodon.Bimface.Data.FileManager(config)';
    if (typeof _config !== 'object' || _config === null)
      refuse(call, `takes a FileManagerConfig, got ${describe(_config)}`);
    if (typeof _config.viewToken !== 'string' || _config.viewToken === '')
      refuse(call, `config.viewToken must be the integrated model's View Token, got ${describe(_config.viewToken)}`);
    if (typeof _config.modelId !== 'string' && typeof _config.modelId !== 'number')
      refuse(call, `config.modelId must be the integrated model's id, got ${describe(_config.modelId)}`);
    return withLoudMethods(this, 'Glodon.Bimface.Data.FileManager');
  }

  /** The integration's files (`[{ fileId, fileName, specialty, databagId, … }]`) to `success`. */
  getFiles(success: unknown, failure?: unknown): void {
    if (typeof success !== 'function')
      refuse('FileManager.getFiles(success)', `takes a callback, got ${describe(success)}`);
    callData(this._source(), { kind: 'files' }, success as (value: unknown) => void, failure);
  }

  /** A child file's View Token (a string) to `success`; `failure` names the service's code and message. */
  getViewToken(fileId: unknown, success: unknown, failure?: unknown): void {
    const call = 'FileManager.getViewToken(fileId, success)';
    if ((typeof fileId !== 'string' && typeof fileId !== 'number') || !/^[0-9]+$/.test(String(fileId)))
      refuse(call, `takes a file id of the integrated model, got ${describe(fileId)}`);
    if (typeof success !== 'function') refuse(call, `takes a callback, got ${describe(success)}`);
    const { apiHost, modelId, viewToken } = this._source();
    const url = `${apiHost}/data/v2/integrations/${encodeURIComponent(modelId)}/files/${encodeURIComponent(String(fileId))}/viewToken?view_token=${encodeURIComponent(viewToken)}`;
    void postForToken(url).then((envelope) => {
      if (envelope.code === 'success') return (success as (token: unknown) => void)(envelope.data);
      if (typeof failure === 'function')
        (failure as (reason: string) => void)(`dataCode: ${envelope.code}, dataMessage: ${envelope.message ?? ''}`);
    });
  }

  private _source(): { apiHost: string; modelId: string; viewToken: string; integration: true } {
    return {
      apiHost: resolveApiHost(this._config.APIHost, SCRIPT_BASE),
      modelId: String(this._config.modelId),
      viewToken: String(this._config.viewToken),
      integration: true,
    };
  }
}

async function postForToken(url: string): Promise<Envelope> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-type': 'application/x-www-form-urlencoded' },
    });
    const body = (await response.json()) as Partial<Envelope>;
    return { code: String(body.code ?? 'unexpected.answer'), message: body.message ?? null, data: body.data ?? null };
  } catch (error) {
    return { code: 'network.error', message: `POST ${url} got no answer (${String(error)})`, data: null };
  }
}
