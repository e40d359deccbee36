import { parse } from 'node:querystring';
import { bareRecord } from '../core/bare-record';

/** Longer queries (querystring keeps the first 1,000 parameters), or any with `%` or `+`, go to node:querystring. */
const SHORT_QUERY = 256;

/**
 * A query string's parameters exactly as `node:querystring`'s `parse` gives them (a repeated name an
 * array, `a` alone `''`, no inherited members), in a fast-mode object: querystring's own result is
 * made by `Object.create(null)`, ~0.7 µs on Node 20 for `fileId=1`, on every service request. A short
 * query with nothing to decode (no `%`, no `+`) is split here; any other goes to querystring.
 * @example parseQuery('fileId=1&fileId=2&x') // { fileId: ['1', '2'], x: '' }
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  if (query.length > SHORT_QUERY || query.includes('%') || query.includes('+'))
    return parse(query) as Record<string, string | string[]>;
  const parameters = bareRecord<string | string[]>();
  for (let start = 0; start < query.length;) {
    const end = endOf(query, start);
    if (end > start) {
      const equals = query.indexOf('=', start);
      const named = equals >= 0 && equals < end;
      add(parameters, query.slice(start, named ? equals : end), named ? query.slice(equals + 1, end) : '');
    }
    start = end + 1;
  }
  return parameters;
}

function endOf(query: string, start: number): number {
  const end = query.indexOf('&', start);
  return end < 0 ? query.length : end;
}

function add(parameters: Record<string, string | string[]>, name: string, value: string): void {
  const earlier = parameters[name];
  if (earlier === undefined) parameters[name] = value;
  else if (typeof earlier === 'string') parameters[name] = [earlier, value];
  else earlier.push(value);
}
