import type { Request, RequestHandler } from 'express';
import { sendProblem } from './problem';

/** Page size of the admin lists when `?limit=` is not given, and the largest one may ask for. */
export const DEFAULT_PAGE_SIZE = 1_000;

/** The filter and page an admin list request asks for. */
export type ListQuery =
  | { kind: 'ok'; session: string | undefined; limit: number; cursor: string | undefined }
  | { kind: 'invalid'; detail: string };

const FILTERS = ['session', 'limit', 'cursor'] as const;
/** The admin lists that read those filters (paths under /__admin). */
const FILTERED_LISTS = new Set(['/view-tokens', '/requests', '/requests/unmatched', '/scenarios']);

/**
 * Refuses (400) an admin filter given twice (`?session=a&session=b`) or with brackets
 * (`?session[x]=1`) instead of silently dropping it and answering every session.
 */
export const refuseAmbiguousFilters: RequestHandler = (req, res, next) => {
  if (!FILTERED_LISTS.has(req.path) || (req.method !== 'GET' && req.method !== 'DELETE')) return next();
  const query = req.query as Record<string, unknown>;
  for (const name of Object.keys(query)) {
    const base = /^([^[]*)\[/.exec(name)?.[1];
    if (base !== undefined && (FILTERS as readonly string[]).includes(base)) return sendProblem(res, 'bad-request', `"${name}": give ${base} once, as ?${base}=value (no brackets).`);
  }
  for (const name of FILTERS) {
    if (query[name] !== undefined && typeof query[name] !== 'string') return sendProblem(res, 'bad-request', `"${name}" is given more than once; give it once.`);
  }
  next();
};

/**
 * Reads `?session=`, `?limit=` and `?cursor=` of an admin list (after {@link refuseAmbiguousFilters});
 * without `?session=` the request's X-Mock-Session header narrows the list.
 */
export function readListQuery(req: Request, headerSession: string | undefined): ListQuery {
  const text = (name: (typeof FILTERS)[number]): string | undefined => (typeof req.query[name] === 'string' ? req.query[name] : undefined);
  const [session, limit, cursor] = [text('session'), text('limit'), text('cursor')];
  if (limit !== undefined && (!/^\d{1,4}$/.test(limit) || Number(limit) > DEFAULT_PAGE_SIZE)) {
    return { kind: 'invalid', detail: `"limit" must be an integer from 0 to ${DEFAULT_PAGE_SIZE}; got ${JSON.stringify(limit.slice(0, 20))}.` };
  }
  return { kind: 'ok', session: session ?? headerSession, limit: limit === undefined ? DEFAULT_PAGE_SIZE : Number(limit), cursor };
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
