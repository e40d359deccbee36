/** Shorter secrets are not searched for: they would turn up in random bytes. */
export const MIN_SECRET_CHARS = 8;
const MAX_DEPTH = 3;

type Decoder = [name: string, decode: (text: string) => string[]];

/** Every base64 / base64url run of the text, decoded from each of its first four characters (a secret need not start on a boundary). */
function decodeBase64(text: string): string[] {
  return [...text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)].flatMap(([run]) =>
    [0, 1, 2, 3].map((skip) =>
      Buffer.from(run.slice(skip).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'),
    ),
  );
}

function decodeHex(text: string): string[] {
  return [...text.matchAll(/[0-9a-fA-F]{16,}/g)].flatMap(([run]) =>
    [0, 1].map((skip) =>
      Buffer.from(run.slice(skip, skip + Math.floor((run.length - skip) / 2) * 2), 'hex').toString('latin1'),
    ),
  );
}

function decodePercent(text: string): string[] {
  if (!/%[0-9a-fA-F]{2}/.test(text)) return [];
  return [text.replace(/%([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))];
}

const DECODERS: readonly Decoder[] = [
  ['base64', decodeBase64],
  ['hex', decodeHex],
  ['percent-encoded', decodePercent],
];

/**
 * How a View Token carries a secret (the Access Token): in plain text, or inside a segment that
 * decodes to it (base64, base64url, hex, percent-encoding, nested up to three deep); undefined
 * when it does not, or when the secret is too short to search for.
 * @example findCarried('eyJ0IjoiY2ktc2VjcmV0LTEifQ.sig', 'ci-secret-1') // 'inside a base64 segment'
 */
export function findCarried(token: string, secret: string): string | undefined {
  if (secret.length < MIN_SECRET_CHARS) return undefined;
  return search(token, secret, 0);
}

function search(text: string, secret: string, depth: number): string | undefined {
  if (text.includes(secret)) return 'in plain text';
  if (depth >= MAX_DEPTH) return undefined;
  for (const [name, decode] of DECODERS) {
    for (const decoded of decode(text)) {
      const inner = search(decoded, secret, depth + 1);
      if (inner !== undefined)
        return inner === 'in plain text' ? `inside a ${name} segment` : `${inner}, itself inside a ${name} segment`;
    }
  }
  return undefined;
}
