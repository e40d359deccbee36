import { REPEATED_WARNING_INTERVAL_MS, createLogThrottle } from '../../mock/front/log-throttle';

test('a warning is due the first time, then once per interval with how many alike were left out', () => {
  let now = 1_000;
  const due = createLogThrottle(REPEATED_WARNING_INTERVAL_MS, () => now);
  const seen: Array<number | undefined> = [];
  seen.push(due('store full'));
  for (let i = 0; i < 5; i += 1) seen.push(due('store full'));
  now += REPEATED_WARNING_INTERVAL_MS - 1;
  seen.push(due('store full'));
  now += 1;
  seen.push(due('store full'));
  seen.push(due('store full'));
  expect(seen).toEqual([0, undefined, undefined, undefined, undefined, undefined, undefined, 6, undefined]);
});

test('each warning text has its own interval', () => {
  const due = createLogThrottle(10_000, () => 0);
  expect([due('store full'), due('redis stalled'), due('store full'), due('redis stalled')]).toEqual([
    0,
    0,
    undefined,
    undefined,
  ]);
});

test('past 100 distinct warnings the memory starts afresh: a 101st is due, and so is the first again', () => {
  const due = createLogThrottle(10_000, () => 0);
  for (let i = 0; i < 100; i += 1) due(`warning ${i}`);
  expect([due('warning 0'), due('warning 100'), due('warning 0')]).toEqual([undefined, 0, 0]);
});
