import { byId } from './dom';
import { sessionQuery } from './session';
import type { JournalEntry } from './wire';

/** Rows a journal page shows. */
const JOURNAL_ROWS = 100;

/** What the journal view asks the mock for (a page, all or unmatched) and which of its rows it shows. */
export function createJournalQuery(refresh: () => void) {
  const kind = byId<HTMLSelectElement>('journal-kind');
  const path = byId<HTMLInputElement>('journal-path');
  const status = byId<HTMLSelectElement>('journal-status');
  const newer = byId<HTMLButtonElement>('journal-newer');
  const older = byId<HTMLButtonElement>('journal-older');
  // The cursors of the pages before this one (the newest page has none): Newer goes back one.
  const before: (string | undefined)[] = [];
  let cursor: string | undefined;
  let next: string | undefined;
  const restart = (): void => {
    before.length = 0;
    cursor = undefined;
    refresh();
  };
  // Enter in the path field filters as typing does; nothing is submitted.
  byId<HTMLFormElement>('journal-filters').addEventListener('submit', (event) => event.preventDefault());
  kind.addEventListener('change', restart);
  byId<HTMLInputElement>('session-filter').addEventListener('input', restart);
  path.addEventListener('input', refresh);
  status.addEventListener('change', refresh);
  older.addEventListener('click', () => {
    if (next === undefined) return;
    before.push(cursor);
    cursor = next;
    refresh();
  });
  newer.addEventListener('click', () => {
    cursor = before.pop();
    refresh();
  });

  return {
    /** The admin path of the page to show: unmatched ones from their own list (the server filters them). */
    path(): string {
      const list = kind.value === 'unmatched' ? '/requests/unmatched' : '/requests';
      const at = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      return `${list}?limit=${JOURNAL_ROWS}${at}${sessionQuery('&')}`;
    },
    /** The page came: paging buttons follow, and the rows the filters keep are returned. */
    take(entries: JournalEntry[], nextCursor: string | undefined): JournalEntry[] {
      next = nextCursor;
      older.disabled = next === undefined;
      newer.disabled = before.length === 0;
      byId('journal-page').textContent = `page ${before.length + 1}`;
      const text = path.value.trim();
      return entries.filter(
        (entry) =>
          (kind.value !== 'matched' || entry.operationId !== '') &&
          (text === '' || entry.path.includes(text)) &&
          (status.value === '' || statusClassOf(entry.status) === status.value),
      );
    },
  };
}

/** 2xx, 4xx, 5xx, or fault (status 0: the connection was cut). */
function statusClassOf(status: number): string {
  if (status === 0) return 'fault';
  return `${Math.floor(status / 100)}xx`;
}
