import type { ProbeResult } from '../check-types';
import { redact } from '../redact';
import { toSafeLine, toSafeLines } from './safe-text';

const BODY_CHARS = 2_000;

/**
 * One exchange in full, as a CI log shows it: the request line and headers (Authorization
 * reduced to its scheme), then the status, headers and body (first 2,000 characters) or why none
 * came. Every line of the answer starts with `<` and its bytes are escaped, so a body cannot pass
 * for a line of the report.
 */
export function toExchangeText({ probe, exchange }: ProbeResult): string {
  const lines = [`### ${probe.id}`, `> ${exchange.request.method} ${toSafeLine(exchange.request.url)}`];
  for (const [name, value] of Object.entries(exchange.request.headers))
    lines.push(`> ${name}: ${toSafeLine(redact(name, value))}`);
  if (exchange.request.body !== undefined)
    lines.push(
      '>',
      ...toSafeLines(exchange.request.body)
        .split('\n')
        .map((line) => `> ${line}`),
    );
  if (exchange.kind !== 'response') return [...lines, `! ${toSafeLine(exchange.reason)}`].join('\n');
  lines.push(`< ${exchange.status}`);
  for (const [name, value] of Object.entries(exchange.headers))
    lines.push(`< ${toSafeLine(name)}: ${toSafeLine(value)}`);
  const body = exchange.bodyText.length > BODY_CHARS ? `${exchange.bodyText.slice(0, BODY_CHARS)}…` : exchange.bodyText;
  return [
    ...lines,
    '<',
    ...(body === ''
      ? ['< (empty body)']
      : toSafeLines(body)
          .split('\n')
          .map((line) => `< ${line}`)),
  ].join('\n');
}
