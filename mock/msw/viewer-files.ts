import { HttpResponse } from 'msw';
import type { Core } from '../core/create-core';
import type { MatchedRoute } from '../core/routing/match-route';
import type { StaticOperationId } from '../core/routing/route-table';
import { recordUnmatched } from '../core/handle-service-request';
import { PLAIN_TEXT, lookUpViewerFile } from '../viewer/viewer-files';

const HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };

/**
 * The viewer loader's static host under MSW (the same files as the server's, from the bundle: no
 * node:fs, so it works under `setupWorker`): the file a matched static-host operation names, or a
 * text/plain 404 journaled as unmatched with its whole path.
 */
export async function answerViewerFile(
  core: Core,
  request: Request,
  match: MatchedRoute & { operationId: StaticOperationId },
): Promise<Response> {
  const path = new URL(request.url).pathname;
  const answer = lookUpViewerFile(match.operationId, match.params, path);
  if (answer.kind === 'file')
    return new HttpResponse(answer.body, { status: 200, headers: { ...HEADERS, 'Content-Type': answer.contentType } });
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const query = Object.fromEntries(new URL(request.url).searchParams);
  await recordUnmatched(
    core,
    { method: request.method, path, query, headers },
    404,
    answer.nearest === undefined ? undefined : `GET ${answer.nearest}`,
  );
  return new HttpResponse(answer.message, { status: 404, headers: { ...HEADERS, 'Content-Type': PLAIN_TEXT } });
}
