import type { AccessTokenStore } from '../core/access-token-store';
import type { Journal } from '../core/journal';
import type { OneTripStore } from '../core/one-trip-store';
import type { RuleStore } from '../core/scenarios/rule-store';
import type { ClockStore, MemoryClockStore } from '../core/session-clocks';
import type { TokenStore } from '../core/token-store';
import type { MemoryTokenStore } from './memory-token-store';
import type { StoreDescription } from './store-description';

/** Where the mock keeps its state, before the core is built over it. */
export interface Backing {
  store: TokenStore;
  /** The same store when it is the memory store (what `--state-file` keeps). */
  memory?: MemoryTokenStore;
  /** Every session's clock. */
  clockStore: ClockStore;
  /** The same clock store when it is the memory one (what `--state-file` keeps). */
  memoryClocks?: MemoryClockStore;
  /** Which store this is, for health and the start banner. */
  description: StoreDescription;
  /** Rules, granted Access Tokens and the journal, when several processes share them (Redis); else the core's own memory. */
  shared?: { ruleStore: RuleStore; accessTokenStore: AccessTokenStore; journal: Journal; oneTrip: OneTripStore };
  /** Why health should say degraded (Redis came back without its data), or undefined; none in memory. */
  failure?: () => string | undefined;
  close(): void;
}
