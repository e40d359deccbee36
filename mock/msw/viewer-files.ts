import type { HttpHandler } from 'msw';
import { HttpResponse, http } from 'msw';
import type { Core } from '../core/create-core';
import { recordUnmatched } from '../core/handle-service-request';
import { PLAIN_TEXT, lookUpViewerFile } from '../viewer/viewer-files';

const STATIC_PATHS = ['/Glodon/*', '/api/Glodon/*', '/api/BimfaceSDKLoader/*'];

/**
 * The viewer loader's static host as MSW handlers (the same files as the server's, from the bundle:
 * no node:fs, so they work under `setupWorker`): a file, or a text/plain 404 journaled as unmatched
 * with its whole path. A request under another prefix than `baseUrl`'s path passes through.
 */
export function createViewerFileHandlers(core: Core, baseUrl: string | undefined): HttpHandler[] {
  const prefix = baseUrl === undefined ? '*' : baseUrl.replace(/\/+$/, '');
  const basePath = baseUrl === undefined ? '' : new URL(prefix).pathname.replace(/\/+$/, '');
  return STATIC_PATHS.map((path) => http.get(`${prefix}${path}`, async ({ request }) => {
    const url = new URL(request.url);
    const answer = url.pathname.startsWith(`${basePath}/`) ? lookUpViewerFile(url.pathname.slice(basePath.length)) : undefined;
    if (answer === undefined) return undefined;
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    if (answer.kind === 'file') return new HttpResponse(answer.body, { status: 200, headers: { ...headers, 'Content-Type': answer.contentType } });
    const requestHeaders: Record<string, string> = {};
    request.headers.forEach((value, name) => { requestHeaders[name] = value; });
    await recordUnmatched(core, { method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: requestHeaders },
      404, answer.nearest === undefined ? undefined : `GET ${answer.nearest}`, { wholePath: true });
    return new HttpResponse(answer.message, { status: 404, headers: { ...headers, 'Content-Type': PLAIN_TEXT } });
  }));
}
