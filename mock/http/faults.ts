import type { Response } from 'express';
import type { Fault } from '../core/scenarios/preferences';

/** Breaks the connection the way the fault says (WireMock's faults), at the socket level. */
export function writeFault(res: Response, fault: Fault, headers: Record<string, string> = {}): void {
  const socket = res.req.socket;
  switch (fault) {
    case 'connection-reset':
      socket.resetAndDestroy();
      return;
    case 'empty-response':
      socket.destroy();
      return;
    case 'malformed-json':
      res.status(200).set(headers).type('application/json').send('{"code":"success","data":');
      return;
  }
}
