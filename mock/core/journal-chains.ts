/** The lists a journal page reads: every entry, the unmatched ones, one session's, one session's unmatched. */
export type ChainKind = 0 | 1 | 2 | 3;
const KINDS = 4;
export const ALL: ChainKind = 0;

/** Which chain a filter reads: the narrowest one holding every entry it selects. */
export function toChainKind(session: string | undefined, unmatched: boolean): ChainKind {
  return ((session === undefined ? 0 : 2) + (unmatched ? 1 : 0)) as ChainKind;
}

/** Newest-first lists of a ring's slots, one per chain kind (and session), linked through slot columns. */
export interface JournalChains {
  /** Links the slot as the newest of its chains. */
  link(slot: number, session: string, unmatched: boolean): void;
  /** Unlinks the slot from its chains; its own links stay, so a cursor on it still finds what was older. */
  unlink(slot: number, session: string, unmatched: boolean): void;
  /** The newest slot of a chain, or -1. */
  newest(kind: ChainKind, session: string): number;
  /** The next older slot in the chain, or -1 (for an unlinked slot: what was older when it left). */
  older(slot: number, kind: ChainKind): number;
  /** A session's slots, oldest first (to unlink them in that order: see createJournal's clear). */
  slotsOf(session: string): number[];
  /** Forgets every chain. */
  reset(): void;
}

interface Ends {
  newest: number;
  oldest: number;
}

/** The chains an entry is linked into: every entry's and its session's, and the unmatched ones' if it is unmatched. */
const MATCHED_KINDS: readonly ChainKind[] = [0, 2];
const UNMATCHED_KINDS: readonly ChainKind[] = [0, 1, 2, 3];

/**
 * Creates the chains of a ring of `capacity` slots: doubly linked lists threaded through two
 * Int32Arrays (slot + 1, 0 for none; 32 bytes a slot for the four kinds), so a page walks only the
 * entries it shows, whatever filter it has, and unlinking (the ring overwriting its oldest entry, a
 * session cleared) is O(1) an entry.
 * @example const chains = createJournalChains(1000); chains.link(0, 'qa', false); chains.newest(2, 'qa') // 0
 */
export function createJournalChains(capacity: number): JournalChains {
  const olderOf = new Int32Array(capacity * KINDS);
  const newerOf = new Int32Array(capacity * KINDS);
  const global: Ends[] = [
    { newest: 0, oldest: 0 },
    { newest: 0, oldest: 0 },
  ];
  const bySession: Map<string, Ends>[] = [new Map(), new Map()];
  const endsOf = (kind: ChainKind, session: string, create: boolean): Ends | undefined => {
    if (kind < 2) return global[kind];
    const map = bySession[kind - 2] as Map<string, Ends>;
    let ends = map.get(session);
    if (ends === undefined && create) map.set(session, (ends = { newest: 0, oldest: 0 }));
    return ends;
  };
  const kindsOf = (unmatched: boolean): readonly ChainKind[] => (unmatched ? UNMATCHED_KINDS : MATCHED_KINDS);
  return {
    link(slot, session, unmatched) {
      for (const kind of kindsOf(unmatched)) {
        const ends = endsOf(kind, session, true) as Ends;
        const at = kind * capacity + slot;
        olderOf[at] = ends.newest;
        newerOf[at] = 0;
        if (ends.newest !== 0) newerOf[kind * capacity + ends.newest - 1] = slot + 1;
        else ends.oldest = slot + 1;
        ends.newest = slot + 1;
      }
    },
    unlink(slot, session, unmatched) {
      for (const kind of kindsOf(unmatched)) {
        const ends = endsOf(kind, session, false);
        if (ends === undefined) continue;
        const at = kind * capacity + slot;
        const [older, newer] = [olderOf[at] as number, newerOf[at] as number];
        if (newer === 0) ends.newest = older;
        else olderOf[kind * capacity + newer - 1] = older;
        if (older === 0) ends.oldest = newer;
        else newerOf[kind * capacity + older - 1] = newer;
        // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator:
        // frees an emptied session's ends; kept, {0, 0} reads the same (no slot, -1)
        if (kind >= 2 && ends.newest === 0) bySession[kind - 2]?.delete(session);
      }
    },
    // Stryker disable next-line BooleanLiteral: creating the ends of an
    // unknown session costs memory only; they read as no slot (-1) either way
    newest: (kind, session) => (endsOf(kind, session, false)?.newest ?? 0) - 1,
    older: (slot, kind) => (olderOf[kind * capacity + slot] as number) - 1,
    slotsOf(session) {
      const slots: number[] = [];
      for (
        let link = bySession[0]?.get(session)?.oldest ?? 0;
        link !== 0;
        link = newerOf[2 * capacity + link - 1] as number
      )
        slots.push(link - 1);
      return slots;
    },
    reset() {
      olderOf.fill(0);
      newerOf.fill(0);
      for (const ends of global) ends.newest = ends.oldest = 0;
      for (const map of bySession) map.clear();
    },
  };
}
