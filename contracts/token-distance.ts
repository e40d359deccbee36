/** Two View Tokens of a run, how many characters tell them apart, and at most how many bits of randomness that is. */
export interface TokenDistance {
  earlier: string;
  later: string;
  differing: number;
  length: number;
  bits: number;
}

/**
 * Each token that lies close to one issued before it (the same length, few characters apart): the
 * closest earlier one, when at most `maxBits` bits of randomness can separate them. A character
 * carries at most log2 of the alphabet the tokens are written in (10 digits, 16 hex, 36, 62 or 64).
 * @example closeTokens(['token01', 'token02'], 64)[0]?.differing // 1
 */
export function closeTokens(tokens: readonly string[], maxBits: number): TokenDistance[] {
  const bitsPerChar = Math.log2(alphabetSize(tokens));
  const close: TokenDistance[] = [];
  tokens.forEach((later, index) => {
    let nearest: TokenDistance | undefined;
    for (const earlier of tokens.slice(0, index)) {
      if (earlier.length !== later.length || earlier === later) continue;
      const differing = [...later].filter((char, at) => char !== earlier[at]).length;
      if (nearest === undefined || differing < nearest.differing)
        nearest = { earlier, later, differing, length: later.length, bits: differing * bitsPerChar };
    }
    if (nearest !== undefined && nearest.bits <= maxBits) close.push(nearest);
  });
  return close;
}

/** The size of the smallest usual alphabet every token is written in. */
export function alphabetSize(tokens: readonly string[]): number {
  const text = tokens.join('');
  if (/^[0-9]*$/.test(text)) return 10;
  if (/^[0-9a-f]*$/.test(text) || /^[0-9A-F]*$/.test(text)) return 16;
  if (/^[0-9a-z]*$/.test(text) || /^[0-9A-Z]*$/.test(text)) return 36;
  if (/^[0-9A-Za-z]*$/.test(text)) return 62;
  return 64;
}
