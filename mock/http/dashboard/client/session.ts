import { byId } from './dom';

/** The session the "Show session" filter names ('' when it shows every session). */
export function selectedSession(): string {
  return byId<HTMLInputElement>('session-filter').value.trim();
}

/** `?session=…` (or `&session=…`) for the selected session, or nothing when every session shows. */
export function sessionQuery(prefix: '?' | '&'): string {
  const session = selectedSession();
  return session ? `${prefix}session=${encodeURIComponent(session)}` : '';
}

/** How the page names the selected session in its questions and messages. */
export function describeSession(session: string): string {
  return session ? `session "${session}"` : 'every session';
}

/** "1 rule", "3 rules", "1,000+ View Tokens". */
export function countOf(count: number, one: string, more?: boolean): string {
  return `${count.toLocaleString('en-US')}${more ? '+' : ''} ${one}${count === 1 && !more ? '' : 's'}`;
}
