import type { ViewTokenRecord } from '../core/token-store';

/** Page size of the admin lists when `?limit=` is not given, and the largest one may ask for. */
export const DEFAULT_PAGE_SIZE = 1_000;

/** The filter and page an admin list request asks for. */
export interface ListQuery { session: string | undefined; limit: number; cursor: string | undefined }

/**
 * Reads `?session=`, `?limit=` and `?cursor=` of an admin list, already checked against the spec
 * (each given once, `limit` an integer from 0 to 1000); without `?session=` the request's
 * X-Mock-Session header narrows the list.
 */
export function readListQuery(query: Readonly<Record<string, string | undefined>>, headerSession: string | undefined): ListQuery {
  const { session, limit, cursor } = query;
  return { session: session ?? headerSession, limit: limit === undefined ? DEFAULT_PAGE_SIZE : Number(limit), cursor };
}

/** One page of a list, and the cursor of the next one when more remain. */
export interface Page<T> { items: T[]; nextCursor: string | undefined }

/**
 * A page of View Tokens (newest first) after `cursor` (the last token of the previous page: if it
 * was deleted meanwhile, the page goes on with the tokens issued before it).
 */
export function pageOfTokens(records: readonly ViewTokenRecord[], limit: number, cursor: string | undefined): Page<ViewTokenRecord> | undefined {
  let start = 0;
  if (cursor !== undefined) {
    const [issued, token] = decodeCursor(cursor);
    if (token === undefined || !/^\d+$/.test(issued ?? '')) return undefined;
    const at = records.findIndex((record) => record.token === token);
    start = at >= 0 ? at + 1 : records.findIndex((record) => record.issuedAtMs < Number(issued));
    if (start < 0) start = records.length;
  }
  const items = records.slice(start, start + limit);
  const last = items.at(-1);
  return { items, nextCursor: start + limit < records.length && last !== undefined ? encodeCursor([String(last.issuedAtMs), last.token]) : undefined };
}

/** The journal's cursor: entries are numbered, newest first, so the next page is below the last id. */
export function toJournalBefore(cursor: string | undefined): number | undefined | 'invalid' {
  if (cursor === undefined) return undefined;
  const [id] = decodeCursor(cursor);
  return id !== undefined && /^\d{1,15}$/.test(id) ? Number(id) : 'invalid';
}

export function journalCursor(lastId: number): string {
  return encodeCursor([String(lastId)]);
}

function encodeCursor(parts: string[]): string {
  return Buffer.from(parts.join('.')).toString('base64url');
}

function decodeCursor(cursor: string): (string | undefined)[] {
  return Buffer.from(cursor, 'base64url').toString('utf8').split('.');
}
