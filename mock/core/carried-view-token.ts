import type { QueryValues } from './target';

/**
 * The query parameters a View Token travels in: the databag's and the countdown's `viewToken`, the
 * platform's data routes' `view_token` (snake case, as the viewer SDK sends it). The journal keeps
 * both shortened.
 */
export const VIEW_TOKEN_PARAMETERS: readonly string[] = ['viewToken', 'view_token'];

/**
 * The View Token a request carries in its query, given once; undefined when it carries none (or
 * several values, which its operation refuses as a 400 anyway).
 * @example carriedViewToken({ view_token: '0f…', includeRoom: 'true' }) // '0f…'
 */
export function carriedViewToken(query: QueryValues): string | undefined {
  for (const name of VIEW_TOKEN_PARAMETERS) {
    const value = query[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}
