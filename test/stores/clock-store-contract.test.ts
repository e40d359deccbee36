import type { ClockState } from '../../mock/core/clock';
import type { ClockStore } from '../../mock/core/session-clocks';
import { createMemoryClockStore, createSessionClocks } from '../../mock/core/session-clocks';
import { openRedisClockStore } from '../../mock/stores/redis-clocks';
import { useTestRedis } from '../support/redis-server';

// What the idle clocks need of every clock store: activity recorded for a session with a clock of its
// own only, and a clock forgotten atomically only while its last activity is at or before the cutoff.

const testRedis = useTestRedis();
const T0 = 1_000_000;
const ONE: ClockState = { offsetMs: 1, frozenAtMs: null };

describe.each([
  ['memory', (maxSessions: number): Promise<ClockStore> => Promise.resolve(createMemoryClockStore(maxSessions))],
  ['redis', (maxSessions: number) => openRedisClockStore(testRedis.client(), testRedis.prefix(), maxSessions)],
])('the %s clock store', (_name, open) => {
  test('records activity only for a session with a clock of its own, never one without', async () => {
    const store = await open(10);
    await store.touch('none', T0);
    await store.write('qa', null, ONE);
    await store.touch('qa', T0 + 5);
    expect(await store.lastActive()).toEqual(new Map([['qa', T0 + 5]]));
  });

  test('forgets a clock only while its last activity is at or before the cutoff, with its record of activity', async () => {
    const store = await open(10);
    await store.write('qa', null, ONE);
    expect(await store.forgetIdle('qa', T0)).toBe(false);
    await store.touch('qa', T0);
    expect(await store.forgetIdle('qa', T0 - 1)).toBe(false);
    expect(await store.read()).toEqual(new Map([['qa', ONE]]));
    expect(await store.forgetIdle('qa', T0)).toBe(true);
    expect(await store.read()).toEqual(new Map());
    expect(await store.lastActive()).toEqual(new Map());
    expect(await store.forgetIdle('qa', T0)).toBe(false);
  });

  test('a reset forgets the record of activity with the clock; a clear forgets every one', async () => {
    const store = await open(10);
    await store.write('a', null, ONE);
    await store.write('b', null, ONE);
    await store.touch('a', T0);
    await store.touch('b', T0);
    expect(await store.write('a', ONE, null)).toBe('written');
    expect(await store.lastActive()).toEqual(new Map([['b', T0]]));
    await store.clear();
    expect(await store.lastActive()).toEqual(new Map());
  });

  test('the cap frees itself: with two clocks at most, a third is stored once the idle time has passed since the older one moved', async () => {
    let real = T0;
    const clocks = createSessionClocks(await open(2), () => real, { idleMs: 60_000 });
    await clocks.change('a', { kind: 'advance', byMs: 1 });
    real = T0 + 1;
    await clocks.change('b', { kind: 'advance', byMs: 1 });
    real = T0 + 59_999;
    expect(await clocks.change('c', { kind: 'advance', byMs: 1 })).toMatchObject({ kind: 'refused', reason: 'full' });
    real = T0 + 60_000;
    expect(await clocks.change('c', { kind: 'advance', byMs: 1 })).toMatchObject({ kind: 'changed' });
    expect((await clocks.owners()).sort()).toEqual(['b', 'c']);
  });
});
