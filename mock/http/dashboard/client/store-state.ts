// What the dashboard says of the mock's state above its tables: nothing when all is well; a store that is
// down (the admin API answers 503: Redis unreachable) as an outage, with the tables dimmed and dated, not
// as an empty store; a store that answers but lost data or cannot keep it (health `degraded`: Redis came
// back empty, a state file that cannot be written) as a warning beside fresh tables; and a mock the page
// cannot reach at all.
import { AdminError } from './admin-api';
import { byId } from './dom';

/** What `GET /__admin/health` answers while the store can be read. */
export interface HealthWire {
  status: 'ok' | 'degraded' | 'unavailable';
  detail?: string;
}

/** The state one poll found. */
export type StoreState =
  | { kind: 'ok' }
  | { kind: 'degraded'; detail: string }
  | { kind: 'outage'; detail: string }
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'unreachable'; detail: string };

/** The state a poll's health answer says. */
export function fromHealth(health: HealthWire): StoreState {
  return health.status === 'degraded' ? { kind: 'degraded', detail: health.detail ?? '' } : { kind: 'ok' };
}

/** The state a failed poll says: a 503 is the store's outage; no answer at all, the mock out of reach. */
export function fromPollError(error: unknown): StoreState {
  if (error instanceof AdminError)
    return error.status === 503
      ? { kind: 'outage', detail: error.detail }
      : { kind: 'refused', status: error.status, detail: error.detail };
  return { kind: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
}

/** `14:05:09 UTC`, the page's real time of the last poll that refreshed the tables. */
const timeOfDay = (ms: number): string => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/** The banner and the tables' dimming; `render` after every poll. */
export function createStoreStatePanel(): { render(state: StoreState, atMs: number): void } {
  const banner = byId('store-state');
  const main = document.querySelector('main') as HTMLElement;
  let freshAtMs: number | undefined;
  const stale = (): string =>
    freshAtMs === undefined
      ? 'Nothing could be read yet.'
      : `The tables below show what it held at ${timeOfDay(freshAtMs)} and are not refreshed until it answers; retrying every second.`;
  return {
    render(state, atMs) {
      const fresh = state.kind === 'ok' || state.kind === 'degraded';
      if (fresh) freshAtMs = atMs;
      main.toggleAttribute('data-stale', !fresh);
      banner.dataset.tone = state.kind;
      banner.textContent = messageOf(state, stale);
    },
  };
}

/** A detail as a sentence: the store's own messages do not always end with a full stop. */
const sentence = (detail: string): string => (/[.!?]$/.test(detail) ? detail : `${detail}.`);

function messageOf(state: StoreState, stale: () => string): string {
  switch (state.kind) {
    case 'ok':
      return '';
    case 'degraded':
      return `The mock is degraded: ${state.detail}`;
    case 'outage':
      return `Store unavailable: ${sentence(state.detail)} The mock answers 503 until it is back. ${stale()}`;
    case 'refused':
      return `The mock's admin API answered ${state.status}: ${sentence(state.detail)} ${stale()}`;
    case 'unreachable':
      return `Cannot reach the mock's admin API (${state.detail}). ${stale()}`;
  }
}
