const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i;

/**
 * Whether a body of this Content-Type is one the mock reads (application/json or `+json`, in a
 * `utf-*` charset the runtime knows, UTF-8 when none is named); its decoder, else undefined.
 * @example jsonDecoderFor('application/json; charset=utf-8') // a UTF-8 TextDecoder
 */
export function jsonDecoderFor(contentType: string | undefined): TextDecoder | undefined {
  if (contentType === undefined || !JSON_TYPE.test(contentType)) return undefined;
  const charset = CHARSET.exec(contentType)?.[1];
  if (charset === undefined) return new TextDecoder('utf-8', { fatal: true });
  if (!charset.toLowerCase().startsWith('utf-')) return undefined;
  try {
    return new TextDecoder(charset, { fatal: true });
  } catch {
    return undefined;
  }
}

/**
 * A JSON body as the operations read it: an object or array (body-parser's strict mode); undefined
 * for anything else (no body, text that does not decode or parse, a bare string or number), which
 * the operation's check then refuses saying what it needs.
 * @example parseJsonBody(new TextEncoder().encode('{"by":"12h"}'), new TextDecoder()) // { by: '12h' }
 */
export function parseJsonBody(bytes: Uint8Array, decoder: TextDecoder): unknown {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return undefined;
  }
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
