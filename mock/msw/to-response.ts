import { HttpResponse, delay } from 'msw';
import type { Reply } from '../front/reply';
import { JSON_TYPE } from '../front/reply';

/**
 * The front's reply as a fetch Response: after its delay, the answer (no body for a HEAD), or for a
 * fault what a client can see of one (a network error; MSW cannot tell a reset from an empty reply),
 * the malformed JSON as written.
 */
export async function toResponse(reply: Reply, method: string): Promise<Response> {
  if (reply.delayMs > 0) await delay(reply.delayMs);
  if (reply.kind === 'fault') {
    if (reply.fault !== 'malformed-json') return HttpResponse.error();
    return new HttpResponse('{"code":"success","data":', {
      status: 200,
      headers: { ...reply.headers, 'Content-Type': JSON_TYPE },
    });
  }
  const { status, headers, body } = reply.answer;
  if (body === undefined) return new HttpResponse(null, { status, headers });
  const payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  const head =
    payload !== body && headers['Content-Type'] === undefined ? { 'Content-Type': JSON_TYPE, ...headers } : headers;
  return new HttpResponse(method === 'HEAD' ? null : payload, { status, headers: head });
}
