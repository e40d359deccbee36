import fc from 'fast-check';
import type { Int64 } from '../../mock/core/int64';
import type { TokenStore, ViewTokenRecord } from '../../mock/core/token-store';
import { lastActiveMs } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import { announceSeed, propertyParameters } from '../support/property-seed';

// The memory store against the plainest model of the TokenStore contract (a Map of records), over
// random runs of inserts, uses (some refused at their cutoff), deletes, reclaims and clears: it
// exercises the packed token table (probe runs, deletions that shift entries back, growth), slot
// reuse and the session lists.

const POOL = 3_000;
const SESSIONS = ['', 'a', 'b', 'qa-7'] as const;
const ODD_TOKENS = ['x', 'ABCDEF0123456789ABCDEF0123456789', 'abc'];

/** Tokens of the core's form, sharing long prefixes so their words differ in one place only. */
const tokenOf = (n: number): string =>
  n < POOL ? `${'0'.repeat(24)}${n.toString(16).padStart(8, '0')}` : (ODD_TOKENS[n - POOL] as string);

type Op =
  | { kind: 'insert'; n: number; session: number; issuedAtMs: number; id: number }
  | { kind: 'touch'; n: number; atMs: number; activeAfterMs: number }
  | { kind: 'delete'; n: number }
  | { kind: 'reclaim'; cutoffMs: number }
  | { kind: 'clear' };

const token = fc.integer({ min: 0, max: POOL + ODD_TOKENS.length - 1 });
const time = fc.integer({ min: 0, max: 1_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      n: token,
      session: fc.nat(SESSIONS.length - 1),
      issuedAtMs: time,
      id: fc.integer({ min: -3, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('touch' as const), n: token, atMs: time, activeAfterMs: time }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), n: token }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reclaim' as const), cutoffMs: time }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);
const ID_FORMS = ['0', '-1', '9223372036854775807', '-9223372036854775808', '007', '12'];

function aRecord({ n, session, issuedAtMs, id }: Extract<Op, { kind: 'insert' }>): ViewTokenRecord {
  const objectId = (ID_FORMS[Math.abs(id) % ID_FORMS.length] ?? '1') as Int64;
  return {
    token: tokenOf(n),
    objectType: id < 0 ? 'childFile' : 'file',
    objectId,
    session: SESSIONS[session] ?? '',
    name: `model-${objectId}.rvt`,
    issuedAtMs,
    lastUsedAtMs: null,
    uses: 0,
    ...(id < 0 ? { integrateId: '5' as Int64 } : {}),
    ...(id % 2 === 0 ? { extension: 'rvt' } : {}),
  };
}

async function apply(store: TokenStore, model: Map<string, ViewTokenRecord>, step: Op): Promise<void> {
  switch (step.kind) {
    case 'insert': {
      const record = aRecord(step);
      const fresh = !model.has(record.token);
      if (fresh) model.set(record.token, { ...record });
      expect(await store.insert(record)).toBe(fresh);
      return;
    }
    case 'touch': {
      const known = model.get(tokenOf(step.n));
      const active = known !== undefined && lastActiveMs(known) > step.activeAfterMs;
      if (known && active)
        Object.assign(known, { lastUsedAtMs: Math.max(lastActiveMs(known), step.atMs), uses: known.uses + 1 });
      const expected = known ? { kind: active ? 'used' : 'inactive', record: known } : { kind: 'unknown' };
      expect(await store.touch(tokenOf(step.n), step.atMs, step.activeAfterMs)).toStrictEqual(expected);
      return;
    }
    case 'delete':
      expect(await store.delete(tokenOf(step.n))).toBe(model.delete(tokenOf(step.n)));
      return;
    case 'reclaim': {
      const stale = [...model.values()].filter((record) => lastActiveMs(record) < step.cutoffMs);
      for (const record of stale) model.delete(record.token);
      let removed = 0;
      for (let step_ = await store.reclaim(step.cutoffMs); step_ > 0; step_ = await store.reclaim(step.cutoffMs))
        removed += step_;
      expect(removed).toBe(stale.length);
      return;
    }
    case 'clear':
      model.clear();
      await store.clear();
  }
}

async function expectSame(store: TokenStore, model: Map<string, ViewTokenRecord>): Promise<void> {
  expect(await store.count()).toBe(model.size);
  for (let n = 0; n < POOL + ODD_TOKENS.length; n += 1)
    expect(await store.find(tokenOf(n))).toStrictEqual(model.get(tokenOf(n)));
  const byToken = (a: ViewTokenRecord, b: ViewTokenRecord): number => (a.token < b.token ? -1 : 1);
  const newestFirst = (records: ViewTokenRecord[]): number[] => records.map((record) => record.issuedAtMs);
  for (const session of [undefined, ...SESSIONS]) {
    const listed = await store.list(session === undefined ? {} : { session });
    const expected = [...model.values()].filter((record) => session === undefined || record.session === session);
    expect([...listed].sort(byToken)).toStrictEqual(expected.sort(byToken));
    expect(newestFirst(listed)).toEqual(newestFirst(listed).sort((a, b) => b - a));
  }
}

beforeAll(() => announceSeed('test/unit/memory-token-store-model.test.ts'));

test('the memory store behaves as a map of records through random inserts, uses, deletes, reclaims and clears', async () => {
  const prefill = fc.array(
    fc.record({
      kind: fc.constant('insert' as const),
      n: token,
      session: fc.nat(SESSIONS.length - 1),
      issuedAtMs: time,
      id: fc.integer({ min: -3, max: 3 }),
    }),
    { maxLength: 1_600, size: 'max' },
  );
  await fc.assert(
    fc.asyncProperty(prefill, fc.array(op, { maxLength: 300, size: 'max' }), async (first, then) => {
      const store = createMemoryTokenStore();
      const model = new Map<string, ViewTokenRecord>();
      for (const step of [...first, ...then]) await apply(store, model, step);
      await expectSame(store, model);
    }),
    propertyParameters('test/unit/memory-token-store-model.test.ts', { numRuns: 15 }),
  );
});
