import { AREA_OF_UNKNOWN_PATHS, createAreaOfUnmatched } from '../../mock/core/routing/unmatched-area';
import type { Area } from '../../mock/core/routing/route-table';

// Which area answers a path no route matches (its 404's shape): the area whose routes go on in the
// most different ways from as far as the path agrees with them; ties go to the earlier of AREAS.

const ROUTES: { template: string; area: Area }[] = [
  { template: '/__admin/health', area: 'admin' },
  { template: '/__admin/view-tokens', area: 'admin' },
  { template: '/__admin/view-tokens/{id}', area: 'admin' },
  { template: '/__admin/ui/{file}', area: 'dashboard' },
  // Three routes, one way on from /x (a), against two ways (b, c): ways count, not routes.
  { template: '/x/a', area: 'admin' },
  { template: '/x/a/b', area: 'admin' },
  { template: '/x/a/c', area: 'admin' },
  { template: '/x/b', area: 'dashboard' },
  { template: '/x/c/{file}', area: 'dashboard' },
  // One way each: a tie, which AREAS' order settles (viewer before static), not the table's order.
  { template: '/shared/s', area: 'static' },
  { template: '/shared/v', area: 'viewer' },
  { template: '/{anything}/z', area: 'static' },
];

test.each<[string, Area]>([
  ['/__admin/nope', 'admin'],
  ['/__admin', 'admin'],
  ['/__admin/', 'admin'],
  ['/__admin/view-tokens/1/2/3', 'admin'],
  ['/__admin/ui/nope.js', 'dashboard'],
  ['/__admin/ui/a/b', 'dashboard'],
  ['/__ADMIN/health', 'service'],
  ['/__adminx', 'service'],
  ['/x/nope', 'dashboard'],
  ['/x/a/nope', 'admin'],
  ['/shared/nope', 'viewer'],
  ['/nope/z', 'service'],
  // A parameter segment is no literal: a path naming it literally shares nothing with the route.
  ['/{anything}/q', 'service'],
  ['/', 'service'],
  ['*', 'service'],
])('the unmatched %s falls in area %s', (path, area) => {
  expect(createAreaOfUnmatched(ROUTES)(path)).toBe(area);
});

test('a path sharing no leading segment with any route falls where unknown paths fall: the service', () => {
  expect([
    AREA_OF_UNKNOWN_PATHS,
    createAreaOfUnmatched([])('/a'),
    createAreaOfUnmatched([{ template: '/a', area: 'static' }])('/b'),
  ]).toEqual(['service', 'service', 'service']);
});

test("a literal segment of one area alone is that area's, wherever a path leaves it", () => {
  const areaOf = createAreaOfUnmatched([{ template: '/Glodon/{version}/{file}', area: 'static' }]);
  expect([areaOf('/Glodon'), areaOf('/Glodon/'), areaOf('/Glodon/x/y/z.js'), areaOf('/glodon/x')]).toEqual([
    'static',
    'static',
    'static',
    'service',
  ]);
});
