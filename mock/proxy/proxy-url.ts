import { ConfigError } from '../config/config-error';

/**
 * Checks `--proxy URL`: an http(s) base URL without query, fragment or credentials, else a
 * ConfigError naming the flag, with any password in the value shown as `***`. Credentials are
 * refused, not sent: the upstream's Authorization header carries each client's own Bearer Access
 * Token (the exchange being judged), so Basic credentials have nowhere to go, and node would
 * silently drop them.
 * @example checkProxyUrl('https://staging.example.com/api') // 'https://staging.example.com/api'
 */
export function checkProxyUrl(url: string): string {
  const shown = toShownUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`--proxy ${shown}: not a URL; use e.g. https://staging.example.com/api`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(`--proxy ${shown}: use an http:// or https:// URL, e.g. https://staging.example.com/api`);
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ConfigError(
      `--proxy ${shown}: a user name or password in the URL is not supported ` +
        "(the upstream gets each client's own Authorization, its Bearer Access Token); " +
        'give the URL without "user:password@"',
    );
  }
  if (parsed.search !== '' || parsed.hash !== '')
    throw new ConfigError(`--proxy ${shown}: give a base URL without query or fragment`);
  return url;
}

/**
 * A URL as messages may show it: a password as `***`. An http(s) URL is read as node reads it; any
 * other text has anything between its first `:` after the scheme and the last `@` before the query
 * taken for a password. A value without a password is shown as given.
 * @example toShownUrl('https://qa:s3cret@staging.example') // 'https://qa:***@staging.example'
 */
export function toShownUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
    if (parsed.password === '') return url;
    return `${parsed.protocol}//${parsed.username}:***@${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  const scheme = url.indexOf('://');
  const start = scheme < 0 ? 0 : scheme + 3;
  const query = url.search(/[?#]/);
  const at = url.lastIndexOf('@', query < 0 ? url.length : query);
  const colon = url.indexOf(':', start);
  return at < start || colon < 0 || colon > at ? url : `${url.slice(0, colon + 1)}***${url.slice(at)}`;
}
