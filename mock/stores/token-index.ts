import { withCapacity } from './slot-column';

/** Which slot holds each token. */
export interface TokenIndex {
  /** The token's slot, or -1. */
  slotOf(token: string): number;
  /** Indexes a token that is not indexed yet. */
  add(token: string, slot: number): void;
  remove(slot: number): void;
  tokenAt(slot: number): string;
  /** Makes room for slots below `capacity`. */
  grow(capacity: number): void;
  /** Forgets every token; room for `capacity` slots. */
  reset(capacity: number): void;
}

const HEX_LENGTH = 32;
const WORDS = 4;

/**
 * Indexes tokens by slot. The core's tokens (32 lowercase hex characters) are kept as four 32-bit
 * words per slot in an open-addressing table (linear probing, at most half full, deletion by
 * backward shift): no string, no Map entry, nothing for the GC to trace per token. Any other string
 * (state files, tests) goes to a Map; a token's form decides its place, so each has exactly one.
 * @example
 * const tokens = createTokenIndex(1024);
 * tokens.add('0123456789abcdef0123456789abcdef', 7); // tokens.slotOf(that) === 7
 */
export function createTokenIndex(initialCapacity: number): TokenIndex {
  let words = new Uint32Array(initialCapacity * WORDS);
  // Two numbers per position: slot + 1 (0: empty, so a fresh table needs no fill) and the token's
  // hash, which finds a token's home without reading its words (one cache miss per probe, not two).
  let entries = new Int32Array(positionsFor(initialCapacity) * 2);
  let mask = entries.length / 2 - 1;
  const otherSlots = new Map<string, number>();
  const otherTokens = new Map<number, string>();
  const parsed = new Uint32Array(WORDS);
  let parsedHash = 0;

  const parse = (token: string): boolean => {
    if (!parseHexToken(token, parsed)) return false;
    parsedHash = mix(parsed[0] as number, parsed[1] as number, parsed[2] as number, parsed[3] as number);
    return true;
  };
  /** The position holding the parsed token, or the empty one where it would go. */
  const positionOfParsed = (): number => {
    let position = parsedHash & mask;
    for (let entry = entries[position * 2] as number; entry !== 0; entry = entries[position * 2] as number) {
      if (entries[position * 2 + 1] === parsedHash) {
        const at = (entry - 1) * WORDS;
        if (
          words[at] === parsed[0] &&
          words[at + 1] === parsed[1] &&
          words[at + 2] === parsed[2] &&
          words[at + 3] === parsed[3]
        )
          return position;
      }
      position = (position + 1) & mask;
    }
    return position;
  };
  const place = (entry: number, hash: number): void => {
    let position = hash & mask;
    while (entries[position * 2] !== 0) position = (position + 1) & mask;
    entries[position * 2] = entry;
    entries[position * 2 + 1] = hash;
  };
  const unplace = (position: number): void => {
    // Backward shift: pull later entries of the probe run into the hole when their home allows it.
    let hole = position;
    for (let next = (position + 1) & mask; entries[next * 2] !== 0; next = (next + 1) & mask) {
      const hash = entries[next * 2 + 1] as number;
      if (((next - (hash & mask)) & mask) >= ((next - hole) & mask)) {
        entries[hole * 2] = entries[next * 2] as number;
        entries[hole * 2 + 1] = hash;
        hole = next;
      }
    }
    entries[hole * 2] = 0;
  };

  return {
    slotOf(token) {
      if (!parse(token)) return otherSlots.get(token) ?? -1;
      return (entries[positionOfParsed() * 2] as number) - 1;
    },
    add(token, slot) {
      if (!parse(token)) {
        otherSlots.set(token, slot);
        otherTokens.set(slot, token);
        return;
      }
      words.set(parsed, slot * WORDS);
      place(slot + 1, parsedHash);
    },
    remove(slot) {
      const other = otherTokens.size === 0 ? undefined : otherTokens.get(slot);
      if (other !== undefined) {
        otherTokens.delete(slot);
        otherSlots.delete(other);
        return;
      }
      for (let word = 0; word < WORDS; word += 1) parsed[word] = words[slot * WORDS + word] as number;
      parsedHash = mix(parsed[0] as number, parsed[1] as number, parsed[2] as number, parsed[3] as number);
      unplace(positionOfParsed());
    },
    tokenAt(slot) {
      const other = otherTokens.size === 0 ? undefined : otherTokens.get(slot);
      if (other !== undefined) return other;
      const at = slot * WORDS;
      return toHex(words[at] as number, words[at + 1] as number, words[at + 2] as number, words[at + 3] as number);
    },
    grow(capacity) {
      words = withCapacity(words, capacity * WORDS);
      const old = entries;
      entries = new Int32Array(positionsFor(capacity) * 2);
      mask = entries.length / 2 - 1;
      for (let at = 0; at < old.length; at += 2) if (old[at] !== 0) place(old[at] as number, old[at + 1] as number);
    },
    reset(capacity) {
      otherSlots.clear();
      otherTokens.clear();
      words = new Uint32Array(capacity * WORDS);
      entries = new Int32Array(positionsFor(capacity) * 2);
      mask = entries.length / 2 - 1;
    },
  };
}

/** Reads a 32-character lowercase hex token into four words; false for any other string. */
function parseHexToken(token: string, into: Uint32Array): boolean {
  if (token.length !== HEX_LENGTH) return false;
  for (let word = 0; word < WORDS; word += 1) {
    let value = 0;
    for (let i = word * 8; i < word * 8 + 8; i += 1) {
      const code = token.charCodeAt(i);
      const nibble = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
      if (nibble < 0) return false;
      value = (value << 4) | nibble;
    }
    into[word] = value;
  }
  return true;
}

const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));

/**
 * Four words as 32 hex digits, built as one flat string (Number#toString(16) takes ~15× longer, and
 * joining pieces leaves a rope of 7 strings for every record a list holds).
 */
function toHex(a: number, b: number, c: number, d: number): string {
  const x = (word: number, shift: number): number => HEX_DIGITS[(word >>> shift) & 15] as number;
  return String.fromCharCode(
    x(a, 28),
    x(a, 24),
    x(a, 20),
    x(a, 16),
    x(a, 12),
    x(a, 8),
    x(a, 4),
    x(a, 0),
    x(b, 28),
    x(b, 24),
    x(b, 20),
    x(b, 16),
    x(b, 12),
    x(b, 8),
    x(b, 4),
    x(b, 0),
    x(c, 28),
    x(c, 24),
    x(c, 20),
    x(c, 16),
    x(c, 12),
    x(c, 8),
    x(c, 4),
    x(c, 0),
    x(d, 28),
    x(d, 24),
    x(d, 20),
    x(d, 16),
    x(d, 12),
    x(d, 8),
    x(d, 4),
    x(d, 0),
  );
}

/** A power of two at least twice the capacity, so the table is never more than half full. */
function positionsFor(capacity: number): number {
  let size = 2;
  while (size < capacity * 2) size *= 2;
  return size;
}

/** Mixes all four words (murmur3's finaliser steps), so tokens that are not random spread too. */
function mix(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a ^ (a >>> 16), 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ c;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ d;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
