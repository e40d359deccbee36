/** Page size of the admin lists when `?limit=` is not given, and the largest one may ask for. */
export const DEFAULT_PAGE_SIZE = 1_000;

/** The filter and page an admin list request asks for. */
export interface ListQuery {
  session: string | undefined;
  limit: number;
  cursor: string | undefined;
}

/**
 * Reads `?session=`, `?limit=` and `?cursor=` of an admin list, already checked against the spec
 * (each given once, `limit` an integer from 0 to 1000); without `?session=` the request's
 * X-Mock-Session header narrows the list.
 */
export function readListQuery(
  query: Readonly<Record<string, string | undefined>>,
  headerSession: string | undefined,
): ListQuery {
  const { session, limit, cursor } = query;
  return { session: session ?? headerSession, limit: limit === undefined ? DEFAULT_PAGE_SIZE : Number(limit), cursor };
}

/**
 * An admin list's cursor as the client sees it: the store's own cursor (where its page ended), in
 * base64url so it travels as one opaque query value.
 * @example toListCursor('1767225600000.42') // 'MTc2NzIyNTYwMDAwMC40Mg'
 */
export function toListCursor(storeCursor: string): string {
  return Buffer.from(storeCursor).toString('base64url');
}

/** The store's cursor back from a client's `?cursor=` (the store refuses one it did not give). */
export function fromListCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf8');
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
