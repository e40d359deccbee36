import type { ProbeResult } from '../checks';

const BODY_CHARS = 2_000;

/**
 * One exchange in full, as a CI log shows it: the request line and headers (Authorization
 * reduced to its scheme), then the status, headers and body (first 2,000 characters) or why none came.
 */
export function toExchangeText({ probe, exchange }: ProbeResult): string {
  const lines = [`### ${probe.id}`, `> ${exchange.request.method} ${exchange.request.url}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) lines.push(`> ${name}: ${redact(name, value)}`);
  if (exchange.kind !== 'response') return [...lines, `! ${exchange.reason}`].join('\n');
  lines.push(`< ${exchange.status}`);
  for (const [name, value] of Object.entries(exchange.headers)) lines.push(`< ${name}: ${value}`);
  const body = exchange.bodyText.length > BODY_CHARS ? `${exchange.bodyText.slice(0, BODY_CHARS)}…` : exchange.bodyText;
  return [...lines, '<', body === '' ? '(empty body)' : body].join('\n');
}

/** Credentials never reach a report: an Authorization value keeps its scheme only. */
export function redact(name: string, value: string): string {
  if (name.toLowerCase() !== 'authorization') return value;
  const [scheme, ...rest] = value.split(' ');
  return rest.length > 0 ? `${scheme} <redacted>` : '<redacted>';
}
