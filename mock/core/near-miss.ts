import { editDistance } from './edit-distance';
import { trimTrailingSlashes } from './trailing-slashes';

/** A route as the spec writes it: method and path template (`{name}` marks a path parameter). */
export interface RouteTemplate {
  method: string;
  template: string;
}

/** The template with `{name}` segments filled from the path's segments when both have as many. */
function concrete(template: string, pathSegments: readonly string[]): string {
  const templateSegments = template.split('/');
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
  const trimmed = path.length > 1 ? trimTrailingSlashes(path) : path;
  const wanted = trimmed.toLowerCase();
  const segments = trimmed.split('/');
  let best: { route: RouteTemplate; distance: number } | undefined;
  for (const route of routes) {
    const candidate = concrete(route.template, segments);
    // Only as far as a hint may be: a path longer or shorter than that is never compared, and a long
    // one (a long id in a template's place) costs a narrow band of the table, not its square.
    const limit = Math.max(2, Math.floor(route.template.length / 5));
    if (Math.abs(wanted.length - candidate.length) > limit) continue;
    const distance = editDistance(wanted, candidate.toLowerCase(), limit);
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
 * The known name a given one was probably meant to be (`fileid` → `fileId`), or undefined. A name is
 * near within a quarter of its length (at least 1); the given one is compared only with names whose
 * length is that near, so input longer than every name by more than that reaches no edit distance.
 * @example findNearestName('fileid', ['fileId', 'sceneId']) // 'fileId'
 */
export function findNearestName(given: string, known: readonly string[]): string | undefined {
  // One bound for all: the farthest any of them may be, so the nearest overall is still the one judged.
  const reach = Math.max(1, ...known.map(reachOf));
  const compared = known.filter((name) => Math.abs(given.length - name.length) <= reach);
  if (compared.length === 0) return undefined;
  const wanted = given.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of compared) {
    const distance = editDistance(wanted, name.toLowerCase(), reach);
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= reachOf(best.name) ? best.name : undefined;
}

/** How far a given name may be from a known one to be taken for it. */
const reachOf = (name: string): number => Math.max(1, Math.floor(name.length / 4));

/**
 * The hint a message gives when a name is near a known one: ` (did you mean fileId?)`, or nothing.
 * @example didYouMean(findNearestName('fileid', ['fileId'])) // ' (did you mean fileId?)'
 */
export function didYouMean(nearest: string | undefined): string {
  return nearest === undefined ? '' : ` (did you mean ${nearest}?)`;
}
