/** A View Token read as a JWT (RFC 7519): its header and claims; `signature` is the third segment as sent. */
export interface ReadJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  signature: string;
}

const SEGMENTS = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]*)$/;

/**
 * The token as a JWT when it is one (three base64url segments, the first two JSON objects, the
 * header naming an `alg`), else undefined: an opaque token is not judged as a JWT.
 * @example readJwt('eyJhbGciOiJub25lIn0.eyJleHAiOjF9.')?.header.alg // 'none'
 */
export function readJwt(token: string): ReadJwt | undefined {
  const parts = SEGMENTS.exec(token);
  if (!parts) return undefined;
  // The three groups take part in every match: each is a string.
  const [headerPart, claimsPart, signature] = parts.slice(1) as [string, string, string];
  const header = decodeObject(headerPart);
  const claims = decodeObject(claimsPart);
  if (header === undefined || claims === undefined || typeof header.alg !== 'string') return undefined;
  return { header, claims, signature };
}

function decodeObject(segment: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
