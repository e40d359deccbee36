/** Where the core gets randomness from: a CSPRNG in production, a seeded generator for `--seed`. */
export interface RandomSource {
  fill(bytes: Uint8Array): void;
}

/**
 * A deterministic generator (sfc32 seeded through splitmix32): the same seed gives the same
 * tokens, for reproducible QA runs. Not cryptographically secure, by design.
 * @example createSeededRandom(42).fill(new Uint8Array(16))
 */
export function createSeededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix(),
    b = splitmix(),
    c = splitmix(),
    d = splitmix();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  return {
    fill(bytes) {
      for (let i = 0; i < bytes.length; i += 4) {
        const word = next();
        for (let k = 0; k < 4 && i + k < bytes.length; k++) bytes[i + k] = (word >>> (8 * k)) & 0xff;
      }
    },
  };
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lower-case hex of some random bytes: 16 bytes give the real service's 32-character View Token. */
export function randomHex(random: RandomSource, byteCount: number): string {
  const bytes = new Uint8Array(byteCount);
  random.fill(bytes);
  // join, not `+=`: one flat string instead of a rope of byteCount pieces that a long-lived token
  // would keep (~450 bytes more per stored View Token).
  // Stryker disable next-line ArrayDeclaration: preallocation only; every piece is written before the join
  const pieces = new Array<string>(byteCount);
  for (let i = 0; i < byteCount; i += 1) pieces[i] = HEX[bytes[i] as number] as string;
  return pieces.join('');
}

/** A version-4 UUID from the random source. */
export function randomUuid(random: RandomSource): string {
  const hex = randomHex(random, 16);
  // Stryker disable next-line StringLiteral: the hex of 16 bytes always has a 17th digit
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const [time, middle, version, last] = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(13, 16), hex.slice(20, 32)];
  return `${time}-${middle}-4${version}-${variant}${hex.slice(17, 20)}-${last}`;
}
