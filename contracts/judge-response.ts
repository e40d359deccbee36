import type { DeclaredResponse } from './contract-spec';

/**
 * The rules for one answer against what the contract declares for its status. Each returns
 * undefined when the answer satisfies it, else why not. A status that declares no content (no
 * body type given) allows any body and any media type; only declared headers are looked at.
 */
export function contentTypeViolation(declared: DeclaredResponse, headers: Record<string, string>): string | undefined {
  if (declared.content.length === 0) return undefined;
  const raw = headers['content-type'];
  if (raw === undefined || raw.trim() === '') return 'no Content-Type header';
  const media = mediaTypeOf(raw);
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(media)) return `Content-Type "${raw}" is not a media type`;
  return chooseContent(declared, media)
    ? undefined
    : `Content-Type ${media} is not one of ${declared.content.map((entry) => entry.mediaType).join(', ')}`;
}

/** The body against the schema of the declared media type it was sent as. */
export function bodyViolation(
  declared: DeclaredResponse,
  headers: Record<string, string>,
  bodyText: string,
): string | undefined {
  const media = mediaTypeOf(headers['content-type'] ?? '');
  const content = chooseContent(declared, media);
  // No content declared, or an undeclared media type (content_type_conformance's to report): nothing to judge.
  if (!content?.check) return undefined;
  let body: unknown = bodyText;
  try {
    body = JSON.parse(bodyText) as unknown;
  } catch (error) {
    // The media type chosen is the answer's own, its type's `type/*` or `*/*`: JSON only when the answer's is.
    if (isJson(media)) return `the body is not JSON (${(error as Error).message})`;
  }
  return content.check(body);
}

/** Every declared header: present when required, and its value of the declared schema. */
export function headersViolation(declared: DeclaredResponse, headers: Record<string, string>): string | undefined {
  const problems: string[] = [];
  for (const header of declared.headers) {
    const value = headers[header.name];
    if (value === undefined) {
      if (header.required) problems.push(`the required header ${header.name} is missing`);
      continue;
    }
    const reason = header.check?.(readHeader(value, header.type));
    if (reason !== undefined) problems.push(`header ${header.name}: ${reason.replace(/^body/, 'value')}`);
  }
  return problems.length > 0 ? problems.join('; ') : undefined;
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The declared media type an answer's one falls under: exact first, then `type/*`, then `*\/*`. */
function chooseContent(declared: DeclaredResponse, media: string): DeclaredResponse['content'][number] | undefined {
  const [type] = media.split('/');
  return (
    declared.content.find((entry) => entry.mediaType === media) ??
    declared.content.find((entry) => entry.mediaType === `${type}/*`) ??
    declared.content.find((entry) => entry.mediaType === '*/*')
  );
}

function isJson(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}

/** A header's text as the JSON value its schema describes (`simple` style). */
function readHeader(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim()))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'array') return value.split(',').map((item) => item.trim());
  return value;
}
