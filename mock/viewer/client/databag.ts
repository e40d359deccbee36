// The viewer's own use of the View Token: `GET {APIHost}/inside/databag?viewToken=` (as the
// platform's SDK repeats the loader's call in `addView` and the drawing `load`), so each page load
// is a use on the mock and the token's expiry slides.
import type { components } from '../../../spec/generated/mock';
import { trimTrailingSlashes } from '../../core/trailing-slashes';
import './globals';

type ViewerData = components['schemas']['ViewerData'];

/** A model a viewer opened: the viewer data and the View Token it opened it with. */
export type OpenedModel = ViewerData & { viewToken: string };

/**
 * What the stand-in tells a page when the token is refused or the mock cannot be reached: the
 * service's envelope (`code`, `message`, `data: null`) with the HTTP `status` (0: no answer) and the `url` asked.
 */
export interface ViewFailure {
  status: number;
  code: string;
  message: string;
  data: null;
  url: string;
}

export type DatabagAnswer =
  { kind: 'used'; data: ViewerData; receivedAtMs: number } | { kind: 'refused'; failure: ViewFailure };

/**
 * The mock that served a stand-in script, from the script's URL: what comes before `/Glodon/`,
 * `/api/Glodon/` or `/api/BimfaceSDKLoader/` (base path included).
 * @example toMockBase('http://127.0.0.1:4010/api/Glodon/Bimface@3.6.36-standin/Application.js') // 'http://127.0.0.1:4010'
 */
export function toMockBase(scriptUrl: string): string | undefined {
  return /^(https?:\/\/.*?)(?:\/api)?\/(?:Glodon|BimfaceSDKLoader)\//.exec(scriptUrl)?.[1];
}

/**
 * The API host a viewer asks: its config's `APIHost` (the config factories take it from
 * `window.hostConfig`, as the platform's SDK does), else the loader config's, else the mock that
 * served the stand-in.
 */
export function resolveApiHost(configured: unknown, scriptBase: string | undefined): string {
  for (const candidate of [configured, window.BimfaceLoaderConfig?.APIHost, scriptBase]) {
    if (typeof candidate === 'string' && candidate !== '') return trimTrailingSlashes(candidate);
  }
  return window.location.origin;
}

/** The host a model's files come from: the viewer config's `resourceHost` (from `window.hostConfig`), else the API host. */
export function resolveResourceHost(configured: unknown, apiHost: string): string {
  return typeof configured === 'string' && configured !== '' ? trimTrailingSlashes(configured) : apiHost;
}

/** One use of the token on the mock; never throws (a network failure is a refusal with status 0). */
export async function fetchViewerData(apiHost: string, viewToken: string): Promise<DatabagAnswer> {
  const url = `${apiHost}/inside/databag?viewToken=${encodeURIComponent(viewToken)}`;
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const hint = 'the viewer takes APIHost from its config, which the config factories fill from window.hostConfig';
    return refused(url, 0, 'network.error', `GET ${url} got no answer (${String(error)}); ${hint}.`);
  }
  const text = await response.text();
  let body: { code?: unknown; message?: unknown; data?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (response.ok && body?.code === 'success' && typeof body.data === 'object' && body.data !== null) {
    return { kind: 'used', data: body.data as ViewerData, receivedAtMs: performance.now() };
  }
  if (typeof body?.code !== 'string')
    return refused(
      url,
      response.status,
      'unexpected.answer',
      `GET ${url} answered ${response.status} without the service's envelope: ${text.slice(0, 200)}`,
    );
  return refused(url, response.status, body.code, typeof body.message === 'string' ? body.message : '');
}

function refused(url: string, status: number, code: string, message: string): DatabagAnswer {
  return { kind: 'refused', failure: { status, code, message, data: null, url } };
}
