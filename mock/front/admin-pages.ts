import { SESSION_HEADER } from '../core/service-request';
import type { OperationRequest } from './front-request';

/** Page size of the admin lists when `?limit=` is not given, and the largest one may ask for. */
const DEFAULT_PAGE_SIZE = 1_000;

/** The filter and page an admin list request asks for. */
export interface ListQuery {
  session: string | undefined;
  limit: number;
  cursor: string | undefined;
}

/**
 * The session an admin request names: `?session=` first, then the X-Mock-Session header (both
 * already checked); undefined when neither does (the deployment, or every session for a list).
 */
export function sessionOf({ query, headers }: Pick<OperationRequest, 'query' | 'headers'>): string | undefined {
  const session = query.session;
  return typeof session === 'string' ? session : headers[SESSION_HEADER];
}

/**
 * Reads `?session=`, `?limit=` and `?cursor=` of an admin list, already checked against the spec
 * (each given once, `limit` an integer from 0 to 1000); without `?session=` the X-Mock-Session
 * header narrows the list.
 */
export function readListQuery(request: Pick<OperationRequest, 'query' | 'headers'>): ListQuery {
  const { limit, cursor } = request.query;
  return {
    session: sessionOf(request),
    limit: typeof limit === 'string' ? Number(limit) : DEFAULT_PAGE_SIZE,
    cursor: typeof cursor === 'string' ? cursor : undefined,
  };
}

/**
 * An admin list's cursor as the client sees it: the store's own cursor (where its page ended), in
 * base64url so it travels as one opaque query value.
 * @example toListCursor('1767225600000.42') // 'MTc2NzIyNTYwMDAwMC40Mg'
 */
export function toListCursor(storeCursor: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(storeCursor)) binary += String.fromCharCode(byte);
  return btoa(binary)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
}

/** Decodes to a text no store ever gave out, so the store refuses it as it refuses any cursor it did not give. */
const NOT_A_CURSOR = '\u0000';

/** The store's cursor back from a client's `?cursor=` (the store refuses one it did not give). */
export function fromListCursor(cursor: string): string {
  let binary: string;
  try {
    binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return NOT_A_CURSOR;
  }
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The journal's cursor: entries are numbered, newest first, so the next page is below the last id. */
export function toJournalBefore(cursor: string | undefined): number | undefined | 'invalid' {
  if (cursor === undefined) return undefined;
  const id = fromListCursor(cursor);
  return /^\d{1,15}$/.test(id) ? Number(id) : 'invalid';
}

export function journalCursor(lastId: number): string {
  return toListCursor(String(lastId));
}
