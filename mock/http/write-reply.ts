import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from '../front/reply';
import { JSON_TYPE } from '../front/reply';
import type { Answer } from '../core/service-answers';
import { writeFault } from './faults';

/**
 * Writes the front's reply with the plain node API: after its delay (nothing, when the client went
 * away meanwhile), the answer, or the connection broken the fault's way. A HEAD gets the headers
 * only (Node leaves the body out).
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (reply.delayMs > 0) return void waitUnlessGone(req, reply.delayMs).then((here) => here && writeNow(res, reply));
  writeNow(res, reply);
}

function writeNow(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'fault') return writeFault(res, reply.fault, reply.headers);
  writeAnswer(res, reply.answer);
}

/** An answer: JSON bodies as `application/json` (unless the answer names a type), strings and bytes as they are. */
function writeAnswer(res: ServerResponse, answer: Answer): void {
  const { status, headers, body } = answer;
  if (body === undefined) return void res.writeHead(status, headers).end();
  const payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  // The answer's own headers first, as the docs' shown answers list them.
  const head: Record<string, string | number> = {};
  for (const name in headers) head[name] = headers[name] as string;
  if (payload !== body && headers['Content-Type'] === undefined) head['Content-Type'] = JSON_TYPE;
  head['Content-Length'] = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  res.writeHead(status, head).end(payload);
}

/** Waits; false when the client went away meanwhile (nothing left to answer). */
function waitUnlessGone(req: IncomingMessage, delayMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      req.socket.off('close', gone);
      resolve(true);
    }, delayMs);
    const gone = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    req.socket.once('close', gone);
  });
}
