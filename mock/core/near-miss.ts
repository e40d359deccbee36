/** A route as the spec writes it: method and path template (`{name}` marks a path parameter). */
export interface RouteTemplate {
  method: string;
  template: string;
}

/**
 * Edit distance between two strings: insert, delete, replace, and swap of two neighbours (`prot` →
 * `port`) each cost 1. With `max`, only the band of cells that can stay within it is computed (time
 * O(length × max), so a long path costs little) and any larger distance is reported as `max + 1`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const over = max + 1;
  const band = Math.min(Math.max(a.length, b.length), Number.isFinite(max) ? max : Infinity);
  // Three rows, reused in turn: the cells a row reads outside its band are never written, or reset below.
  let beforePrevious = new Array<number>(b.length + 1).fill(over);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => (index > band ? over : index));
  let current = new Array<number>(b.length + 1).fill(over);
  for (let i = 1; i <= a.length; i += 1) {
    const low = Math.max(1, i - band);
    current[low - 1] = low === 1 ? i : over;
    for (let j = low; j <= Math.min(b.length, i + band); j += 1) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(replace, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (beforePrevious[j - 2] as number) + 1);
      current[j] = Math.min(best, over);
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] as number, over);
}

/** The template with `{name}` segments filled from the path's segments when both have as many. */
function concrete(template: string, path: string): string {
  const templateSegments = template.split('/');
  const pathSegments = path.split('/');
  if (templateSegments.length !== pathSegments.length) return template;
  return templateSegments
    .map((segment, index) => (/^\{[^}]+\}$/.test(segment) ? (pathSegments[index] as string) : segment))
    .join('/');
}

/**
 * The route a path that matched nothing was probably meant for (other letter case, a trailing
 * slash, a typo of a few letters), written `GET /view/token`; undefined when none is close.
 * @example findNearestRoute('GET', '/view/tokens', [{ method: 'GET', template: '/view/token' }]) // 'GET /view/token'
 */
export function findNearestRoute(method: string, path: string, routes: readonly RouteTemplate[]): string | undefined {
  const wanted = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: { route: RouteTemplate; distance: number } | undefined;
  for (const route of routes) {
    const candidate = concrete(route.template, wanted);
    // Only as far as a hint may be: a long path costs a narrow band of the table, not its square.
    const limit = Math.max(2, Math.floor(route.template.length / 5));
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase(), limit);
    if (distance > limit) continue;
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && route.method === method && best.route.method !== method);
    if (better) best = { route, distance };
  }
  // Stryker disable next-line ArithmeticOperator: the loop keeps only routes
  // within this limit, so no best is ever over it (a wider limit changes nothing)
  if (!best || best.distance > Math.max(2, Math.floor(best.route.template.length / 5))) return undefined;
  // Stryker disable next-line ArrowFunction: a route of the same template with
  // the request's method is as near, so the tie rule already made it the best
  const sameTemplate = routes.find((route) => route.template === best.route.template && route.method === method);
  return `${(sameTemplate ?? best.route).method} ${best.route.template}`;
}

/**
 * The known name a given one was probably meant to be (`fileid` → `fileId`), or undefined.
 * @example findNearestName('fileid', ['fileId', 'sceneId']) // 'fileId'
 */
export function findNearestName(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(given.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(best.name.length / 4)) ? best.name : undefined;
}

/**
 * The hint a message gives when a name is near a known one: ` (did you mean fileId?)`, or nothing.
 * @example didYouMean(findNearestName('fileid', ['fileId'])) // ' (did you mean fileId?)'
 */
export function didYouMean(nearest: string | undefined): string {
  return nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
}
