import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContractTarget } from './options';

/** A target the run can send requests to, and how to let it go afterwards. */
export interface OpenTarget {
  baseUrl: URL;
  /** How reports name it: the URL, or `in-process` with the ephemeral URL. */
  label: string;
  close(): Promise<void>;
}

/**
 * A URL is used as it is; a request listener (an Express app is one) is served on an ephemeral
 * loopback port for the run and closed after it, as supertest does: nothing else of the caller's changes.
 */
export async function openTarget(target: ContractTarget): Promise<OpenTarget> {
  if (target instanceof URL)
    return { baseUrl: target, label: target.toString().replace(/\/+$/, ''), close: () => Promise.resolve() };
  const server = http.createServer(target);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    baseUrl,
    label: `in-process (${baseUrl.origin})`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
