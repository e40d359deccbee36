import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Fault } from '../core/scenarios/preferences';

/** Breaks the connection the way the fault says (WireMock's faults), at the socket level. */
export function writeFault(res: ServerResponse, fault: Fault, headers: Record<string, string> = {}): void {
  const socket = res.req.socket;
  switch (fault) {
    case 'connection-reset':
      socket.resetAndDestroy();
      return;
    case 'empty-response':
      socket.destroy();
      return;
    case 'malformed-json':
      res
        .writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' })
        .end('{"code":"success","data":');
      return;
    case 'random-data-then-close':
      // Bytes that are not HTTP at all, then the close: the client's HTTP parser fails.
      socket.end(randomBytes(64));
      return;
  }
}
