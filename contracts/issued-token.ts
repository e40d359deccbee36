import type { Exchange } from './http-exchange';

/** A body as JSON when it is JSON, else as its text (`''` when empty). */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `data` string of a JSON object body, if it has one. */
export function dataOf(bodyText: string): string | undefined {
  const body = parseBody(bodyText);
  const data =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { data?: unknown }).data : undefined;
  return typeof data === 'string' && data !== '' ? data : undefined;
}

/** The View Token a 200 answer carries, if it carries one. */
export function viewTokenOf(exchange: Exchange): string | undefined {
  return exchange.kind === 'response' && exchange.status === 200 ? dataOf(exchange.bodyText) : undefined;
}
