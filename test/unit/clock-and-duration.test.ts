import { createControllableClock } from '../../mock/core/clock';
import { parseDuration } from '../../mock/core/duration';

test('a controllable clock follows real time plus its offset, stands still when frozen, and resets', () => {
  let real = 1_000;
  const clock = createControllableClock(() => real);
  clock.advance(500);
  real += 10;
  expect(clock.now()).toBe(1_510);
  clock.set(5_000, true);
  real += 10;
  expect(clock.now()).toBe(5_000);
  clock.advance(1);
  expect(clock.now()).toBe(5_001);
  clock.set(clock.now(), false);
  real += 10;
  expect(clock.now()).toBe(5_011);
  clock.reset();
  expect(clock.now()).toBe(real);
  expect(clock.state()).toEqual({ offsetMs: 0, frozenAtMs: null });
});

test.each([
  ['12h', 43_200_000], ['90m', 5_400_000], ['1d', 86_400_000], ['250ms', 250], ['30s', 30_000],
  ['PT12H', 43_200_000], ['P1DT2H', 93_600_000], ['PT1M30S', 90_000], ['1500', 1_500], [1500, 1_500], ['1.5h', 5_400_000],
])('duration %j is %d ms', (input, ms) => {
  expect(parseDuration(input)).toEqual({ kind: 'ok', ms });
});

test.each(['', 'P', 'PT', '12 hours', '-1h', 'h', -5, Number.NaN])('duration %j is refused', (input) => {
  expect(parseDuration(input).kind).toBe('invalid');
});
