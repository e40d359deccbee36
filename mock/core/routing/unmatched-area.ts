import type { Area } from './route-table';
import { AREAS } from './route-table';

interface Node {
  children: Map<string, Node>;
  /** Per area, the different ways its routes go on from here (next segments; '' where they end or take a parameter). */
  ways: Map<Area, Set<string>>;
  area: Area;
}

/** Where a path that matches no route falls when it shares no leading segment with any route. */
export const AREA_OF_UNKNOWN_PATHS: Area = 'service';

/**
 * The area of a path no route matches, decided by the table: walk the path's segments down the
 * routes' leading literal segments (exact, letter case included) as far as they agree; the area
 * whose routes go on from that point in the most different ways (ties: the order of AREAS). Ways, not
 * routes: a family of many files under one folder (the static host) does not outweigh the several
 * routes beside it. `/__admin/nope` → admin, `/__admin/ui/nope` → dashboard, `/__ADMIN/view-tokens`
 * and `/__adminx` → service, `/Glodon/x/y/z.js` → static.
 * @example createAreaOfUnmatched([{ template: '/__admin/health', area: 'admin' }])('/__admin/x') // 'admin'
 */
export function createAreaOfUnmatched(routes: readonly { template: string; area: Area }[]): (path: string) => Area {
  const root: Node = { children: new Map(), ways: new Map(), area: AREA_OF_UNKNOWN_PATHS };
  for (const { template, area } of routes) {
    const segments = template.split('/').slice(1);
    let node = root;
    for (const [index, segment] of segments.entries()) {
      if (segment.includes('{')) break;
      let child = node.children.get(segment);
      if (!child) {
        child = { children: new Map(), ways: new Map(), area };
        node.children.set(segment, child);
      }
      const next = segments[index + 1];
      const ways = child.ways.get(area) ?? new Set<string>();
      // Stryker disable next-line StringLiteral: the mark for an end or a parameter is any text no literal segment is
      ways.add(next === undefined || next.includes('{') ? '' : next);
      child.ways.set(area, ways);
      node = child;
    }
  }
  const settle = (node: Node): void => {
    let best = 0;
    for (const area of AREAS) {
      const count = node.ways.get(area)?.size ?? 0;
      if (count > best) {
        best = count;
        node.area = area;
      }
    }
    node.children.forEach(settle);
  };
  root.children.forEach(settle);
  return (path) => {
    let node = root;
    let at = 1;
    while (at <= path.length) {
      const end = path.indexOf('/', at);
      // Stryker disable next-line EqualityOperator: end is a '/' found at or after at >= 1, never 0
      const child = node.children.get(path.slice(at, end < 0 ? undefined : end));
      if (!child) break;
      node = child;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: end is never
      // 0; without the break the walk reads '' from 0, no segment, and stops the same
      if (end < 0) break;
      at = end + 1;
    }
    return node.area;
  };
}
