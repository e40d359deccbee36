/** A route as the spec writes it: method and path template (`{name}` marks a path parameter). */
export interface RouteTemplate {
  method: string;
  template: string;
}

/** Edit distance between two strings: insert, delete, replace, and swap of two neighbours (`prot` → `port`) each cost 1. */
export function editDistance(whole: string, other: string): number {
  // A common start and end change nothing: skipping them keeps a long path measured against a route
  // filled with its own segments (findNearestRoute) linear instead of quadratic in its length.
  let start = 0;
  while (start < whole.length && start < other.length && whole[start] === other[start]) start += 1;
  let end = 0;
  while (end < whole.length - start && end < other.length - start && whole[whole.length - 1 - end] === other[other.length - 1 - end]) end += 1;
  const a = whole.slice(start, whole.length - end);
  const b = other.slice(start, other.length - end);
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(replace, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (beforePrevious[j - 2] as number) + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** The template with `{name}` segments filled from the path's segments when both have as many. */
function concrete(template: string, path: string): string {
  const templateSegments = template.split('/');
  const pathSegments = path.split('/');
  if (templateSegments.length !== pathSegments.length) return template;
  return templateSegments.map((segment, index) => (/^\{[^}]+\}$/.test(segment) ? pathSegments[index] as string : segment)).join('/');
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
    const distance = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    const better = !best || distance < best.distance || (distance === best.distance && route.method === method && best.route.method !== method);
    if (better) best = { route, distance };
  }
  if (!best || best.distance > Math.max(2, Math.floor(best.route.template.length / 5))) return undefined;
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
