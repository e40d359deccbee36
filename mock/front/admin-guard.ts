import type { FrontRequest } from './front-request';
import type { Reply } from './reply';
import { problem } from './reply';

/** What the admin guard knows about where the mock is reachable. */
export interface AdminGuardOptions {
  /** `--allowed-hosts`: extra host names (or `.example.com` for a domain and its subdomains). */
  allowedHosts?: readonly string[] | undefined;
  /** The host the server was bound to, once listening. */
  boundHost?: (() => string | undefined) | undefined;
  /** Whether a host name is an IP literal (the adapter's runtime knows: Node's `net.isIP`). */
  isIp: (hostname: string) => boolean;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Keeps the admin API and dashboard to their own pages and to tools (curl, SDKs send no Origin):
 * a `Host` that is not a loopback name, an IP literal, the bound host or an allowed host is refused
 * (DNS rebinding), as is a request from another web origin (its Origin or Sec-Fetch-Site says so),
 * a preflight from one, and a state-changing request whose body is not JSON (a form or text/plain
 * post needs no preflight). The refusal (403/415 problem+json), or undefined.
 */
export function createAdminGuard(options: AdminGuardOptions): (request: FrontRequest) => Reply | undefined {
  const allowed = (options.allowedHosts ?? []).map((host) => host.toLowerCase());
  const isLoopbackOrIp = (hostname: string): boolean =>
    hostname === 'localhost' || hostname.endsWith('.localhost') || options.isIp(hostname);
  const isAllowedName = (hostname: string): boolean =>
    isLoopbackOrIp(hostname) ||
    hostname === options.boundHost?.()?.toLowerCase() ||
    allowed.some((host) =>
      host.startsWith('.') ? hostname === host.slice(1) || hostname.endsWith(host) : hostname === host,
    );
  return (request) => {
    const { headers } = request;
    const host = headers.host;
    if (host !== undefined && !isAllowedName(toHostname(host)))
      return problem(
        'forbidden',
        `Host "${host.slice(0, 100)}" may not reach the admin API: use a loopback name, the bound host, or start the mock with --allowed-hosts ${toHostname(host).slice(0, 100)}.`,
      );
    if (isCrossOrigin(headers, isAllowedName, isLoopbackOrIp))
      return problem('forbidden', 'The admin API answers only its own pages and tools, not other web origins.');
    if (STATE_CHANGING.has(request.method) && !isJsonOrBodiless(headers))
      return problem(
        'unsupported-media-type',
        `Send the body as Content-Type: application/json (got "${String(headers['content-type']).slice(0, 100)}").`,
      );
    return undefined;
  };
}

type Headers = FrontRequest['headers'];

function isCrossOrigin(
  headers: Headers,
  isAllowedName: (hostname: string) => boolean,
  isLoopbackOrIp: (hostname: string) => boolean,
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return true; // `null` (sandboxed frames, file:) and anything unreadable
    }
    const ownHost = headers.host?.toLowerCase();
    // Same origin (the mock's own pages), or a proxy in front of it that --allowed-hosts names.
    const proxied =
      ownHost !== undefined && isAllowedName(toHostname(originHost)) && !isLoopbackOrIp(toHostname(originHost));
    if (originHost !== ownHost && !proxied) return true;
  }
  const site = headers['sec-fetch-site'];
  // A link from another site to the dashboard is a navigation: the page holds no data, its calls are checked.
  return (site === 'cross-site' || site === 'same-site') && headers['sec-fetch-mode'] !== 'navigate';
}

function isJsonOrBodiless(headers: Headers): boolean {
  const type = headers['content-type'];
  if (type === undefined)
    return headers['transfer-encoding'] === undefined && Number(headers['content-length'] ?? 0) === 0;
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type);
}

/** `Host` without its port: `a.b:80` → `a.b`, `[::1]:80` → `::1`. */
function toHostname(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']') < 0 ? undefined : lower.indexOf(']'));
  const colon = lower.lastIndexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}
