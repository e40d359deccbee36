import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { sendProblem } from './problem';

/** What the admin guard knows about where the mock is reachable. */
export interface AdminGuardOptions {
  /** `--allowed-hosts`: extra host names (or `.example.com` for a domain and its subdomains). */
  allowedHosts: readonly string[];
  /** The host the server was bound to, once listening. */
  boundHost: () => string | undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Keeps the admin API and dashboard to their own pages and to tools (curl, SDKs send no Origin):
 * a `Host` that is not a loopback name, an IP literal, the bound host or an allowed host is refused
 * (DNS rebinding), as is a request from another web origin (its Origin or Sec-Fetch-Site says so),
 * a preflight from one, and a state-changing request whose body is not JSON (a form or text/plain
 * post needs no preflight). Answers 403/415 problem+json and returns true when refused.
 */
export function createAdminGuard(options: AdminGuardOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = options.allowedHosts.map((host) => host.toLowerCase());
  const isAllowedName = (hostname: string): boolean =>
    isLoopbackOrIp(hostname) ||
    hostname === options.boundHost()?.toLowerCase() ||
    allowed.some((host) =>
      host.startsWith('.') ? hostname === host.slice(1) || hostname.endsWith(host) : hostname === host,
    );
  return (req, res) => {
    const host = req.headers.host;
    if (host !== undefined && !isAllowedName(toHostname(host))) {
      return refuse(
        res,
        'forbidden',
        `Host "${host.slice(0, 100)}" may not reach the admin API: use a loopback name, the bound host, or start the mock with --allowed-hosts ${toHostname(host).slice(0, 100)}.`,
      );
    }
    if (isCrossOrigin(req, isAllowedName)) {
      return refuse(res, 'forbidden', 'The admin API answers only its own pages and tools, not other web origins.');
    }
    if (STATE_CHANGING.has(req.method ?? '') && !isJsonOrBodiless(req)) {
      return refuse(
        res,
        'unsupported-media-type',
        `Send the body as Content-Type: application/json (got "${String(req.headers['content-type']).slice(0, 100)}").`,
      );
    }
    return false;
  };
}

function refuse(res: ServerResponse, kind: 'forbidden' | 'unsupported-media-type', detail: string): true {
  sendProblem(res, kind, detail);
  return true;
}

function isCrossOrigin(req: IncomingMessage, isAllowedName: (hostname: string) => boolean): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      return true; // `null` (sandboxed frames, file:) and anything unreadable
    }
    const ownHost = req.headers.host?.toLowerCase();
    // Same origin (the mock's own pages), or a proxy in front of it that --allowed-hosts names.
    if (
      originHost !== ownHost &&
      !(ownHost !== undefined && isAllowedName(toHostname(originHost)) && !isLoopbackOrIp(toHostname(originHost)))
    )
      return true;
  }
  const site = req.headers['sec-fetch-site'];
  // A link from another site to the dashboard is a navigation: the page holds no data, its calls are checked.
  return (site === 'cross-site' || site === 'same-site') && req.headers['sec-fetch-mode'] !== 'navigate';
}

function isJsonOrBodiless(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  if (type === undefined)
    return req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type);
}

/** `Host` without its port: `a.b:80` → `a.b`, `[::1]:80` → `::1`. */
function toHostname(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']') < 0 ? undefined : lower.indexOf(']'));
  const colon = lower.lastIndexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/** Loopback names, and any IP literal: a rebinding attack needs a name the attacker's DNS answers. */
function isLoopbackOrIp(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || isIP(hostname) !== 0;
}
