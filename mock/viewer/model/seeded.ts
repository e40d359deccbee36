// Deterministic randomness for the generated building: the same seed always gives the same
// numbers, in the browser and in Node alike (no Math.random, no crypto).

/** A source of numbers in [0, 1), reproducible from its seed. */
export interface Seeded {
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One of the items. */
  pick<T>(items: readonly T[]): T;
  /** `count` hex digits. */
  hex(count: number): string;
}

/** FNV-1a over the seed's characters: any string (an object id, a name) becomes a 32-bit state. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A seeded source (mulberry32 over the hashed seed).
 * @example createSeeded('10001').int(1, 6) // the same number on every run
 */
export function createSeeded(seed: string): Seeded {
  let state = hashSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    hex: (count) => Array.from({ length: count }, () => Math.floor(next() * 16).toString(16)).join(''),
  };
}
