import { trimTrailingSlashes } from '../core/trailing-slashes';
import { ConfigError } from '../config/config-error';

/** The options the server and the middleware share about their front, as a user gives them. */
export interface FrontUserOptions {
  /** Prefix of every service route, e.g. `'/api'`. */
  basePath?: string | undefined;
  /** Allowed CORS origins. Default: any. */
  corsOrigin?: string | readonly string[] | undefined;
  /** Protects /__admin with `Authorization: Bearer <adminToken>` (empty or blank is refused). */
  adminToken?: string | undefined;
  /**
   * Host names (besides loopback names, IP literals and the bound host) whose `Host` header may
   * reach /__admin, e.g. a proxy's name; `.example.com` allows the domain and its subdomains.
   */
  allowedHosts?: readonly string[] | undefined;
}

/** The checked options: a ConfigError naming the flag for a blank admin token or a base path that is not a URL path. */
export function toFrontOptions(options: FrontUserOptions): {
  basePath: string;
  corsOrigins: readonly string[] | undefined;
  adminToken: string | undefined;
  allowedHosts: readonly string[] | undefined;
} {
  if (options.adminToken !== undefined && options.adminToken.trim() === '')
    throw new ConfigError('--admin-token: empty or blank; give a token (or leave the flag out)');
  return {
    basePath: toBasePath(options.basePath),
    corsOrigins: options.corsOrigin === undefined ? undefined : [options.corsOrigin].flat(),
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts,
  };
}

/** `api/`, `/api` and `/api/` are `/api`; '' and `/` are no base path. */
function toBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === '' || basePath === '/') return '';
  if (!/^\/?[A-Za-z0-9._~\-/]+$/.test(basePath))
    throw new ConfigError(`--base-path ${basePath}: use a URL path such as /api`);
  return `/${trimTrailingSlashes(basePath).replace(/^\/+/, '')}`;
}
