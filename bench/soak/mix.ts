// The soak's request mix: what each scheduled request is and which answers are expected of it.
// Routes, switches and admin reads as docs/getting-started/first-run.md, docs/guides/qa-scenarios.md and
// docs/guides/admin-api.md (and spec/mock.openapi.yaml) document them.

export type RequestLabel =
  | 'issue'
  | 'use'
  | 'forced-403'
  | 'forced-404'
  | 'forced-401'
  | 'forced-reset'
  | 'admin-health'
  | 'admin-requests'
  | 'admin-view-tokens';

/** Percent of requests; ~55 issue, ~30 use, ~10 forced errors, ~5 admin reads. */
export const MIX: Readonly<Record<RequestLabel, number>> = {
  issue: 55,
  use: 30,
  'forced-403': 3.5,
  'forced-404': 3.5,
  'forced-401': 2.5,
  // Occasional: each one costs the client a new connection, which is not what is being soaked.
  'forced-reset': 0.5,
  'admin-health': 2.45,
  'admin-requests': 2.45,
  // Rare (2/s at 2000 req/s, two dashboards' worth): every call scans all stored tokens (tens of
  // thousands here; ~20 ms at 33k) and serialises the session's; at 1 % (20/s) it alone saturated the mock.
  'admin-view-tokens': 0.1,
};

const SESSION = 'soak';
/**
 * Share of service requests sent with `X-Mock-Session: soak`. Small on purpose: the session's token
 * list (read by admin-view-tokens) grows with it, and a dashboard-sized list (~2,000) is what we soak.
 */
const SESSION_SHARE = 0.05;
/** Recent View Tokens kept for `use` requests: bounded, and recent enough to be valid. */
const TOKEN_POOL_SIZE = 1000;
const FILE_IDS = 1_000_000;

export interface SoakRequest {
  label: RequestLabel;
  path: string;
  headers: Record<string, string>;
  /** The statuses that are a right answer, or 'reset' when the connection must be reset. */
  expect: readonly number[] | 'reset';
}

export interface Mix {
  next(): SoakRequest;
  /** A View Token an issue request got, for later use requests. */
  remember(token: string): void;
}

/** mulberry32: a seeded, fast PRNG, so a run's request sequence can be repeated with --seed. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The mix, drawing labels by weight and keeping a ring of the latest View Tokens. */
export function createMix(seed: number): Mix {
  const random = createRandom(seed);
  const labels = Object.entries(MIX) as [RequestLabel, number][];
  const total = labels.reduce((sum, [, weight]) => sum + weight, 0);
  const pool: string[] = [];
  let poolNext = 0;

  const pick = (): RequestLabel => {
    let at = random() * total;
    for (const [label, weight] of labels) if ((at -= weight) < 0) return label;
    return 'issue';
  };
  const service = (
    label: RequestLabel,
    path: string,
    headers: Record<string, string>,
    expect: SoakRequest['expect'],
  ): SoakRequest => ({
    label,
    path,
    expect,
    headers: random() < SESSION_SHARE ? { ...headers, 'X-Mock-Session': SESSION } : headers,
  });
  const issuePath = (): string => `/view/token?fileId=${1 + Math.floor(random() * FILE_IDS)}`;
  const bearer = { Authorization: 'Bearer soak' };

  return {
    next() {
      const label = pick();
      switch (label) {
        case 'use': {
          const token = pool[Math.floor(random() * pool.length)];
          // Until the first issue is answered there is nothing to use: issue instead.
          if (token === undefined) return service('issue', issuePath(), bearer, [200]);
          // 401 is right for a token that expired before its turn came (the clock runs fast here).
          return service(label, `/inside/databag?viewToken=${token}`, {}, [200, 401]);
        }
        case 'issue':
          return service(label, issuePath(), bearer, [200]);
        case 'forced-403':
          return service(label, issuePath(), { ...bearer, Prefer: 'code=403' }, [403]);
        case 'forced-404':
          return service(label, issuePath(), { ...bearer, Prefer: 'code=404' }, [404]);
        case 'forced-401':
          return service(label, issuePath(), { ...bearer, Prefer: 'scenario=access-token-expired' }, [401]);
        case 'forced-reset':
          return service(label, issuePath(), { ...bearer, Prefer: 'fault=connection-reset' }, 'reset');
        case 'admin-health':
          return { label, path: '/__admin/health', headers: {}, expect: [200] };
        case 'admin-requests':
          return { label, path: '/__admin/requests?limit=20', headers: {}, expect: [200] };
        case 'admin-view-tokens':
          return { label, path: `/__admin/view-tokens?session=${SESSION}`, headers: {}, expect: [200] };
      }
    },
    remember(token) {
      pool[poolNext] = token;
      poolNext = (poolNext + 1) % TOKEN_POOL_SIZE;
    },
  };
}
