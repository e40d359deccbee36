import type { ClockChange, ClockState } from '../../mock/core/clock';
import { MOCK_TIME_MAX_MS, REAL_TIME, applyClockChange, mockTimeOf } from '../../mock/core/clock';
import { parseDuration } from '../../mock/core/duration';

test('a clock\'s changes: advance follows real time plus its offset, set frozen stands still, advance moves a frozen clock, set running keeps the time, reset is real time', () => {
  let real = 1_000;
  let state: ClockState = REAL_TIME;
  const change = (next: ClockChange) => { state = applyClockChange(state, next, real) ?? state; };
  change({ kind: 'advance', byMs: 500 });
  real += 10;
  expect(mockTimeOf(state, real)).toBe(1_510);
  change({ kind: 'set', atMs: 5_000, frozen: true });
  real += 10;
  expect(mockTimeOf(state, real)).toBe(5_000);
  change({ kind: 'advance', byMs: 1 });
  expect(mockTimeOf(state, real)).toBe(5_001);
  change({ kind: 'set', frozen: false });
  real += 10;
  expect(mockTimeOf(state, real)).toBe(5_011);
  change({ kind: 'reset' });
  expect(mockTimeOf(state, real)).toBe(real);
  expect(state).toEqual({ offsetMs: 0, frozenAtMs: null });
});

test('a change that would put the clock outside 1970..9999 is refused (undefined), exactly at the bounds', () => {
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: MOCK_TIME_MAX_MS }, 0)).toEqual({ offsetMs: MOCK_TIME_MAX_MS, frozenAtMs: null });
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: MOCK_TIME_MAX_MS + 1 }, 0)).toBeUndefined();
  expect(applyClockChange(REAL_TIME, { kind: 'advance', byMs: -1 }, 0)).toBeUndefined();
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: 0, frozen: true }, 5)).toEqual({ offsetMs: -5, frozenAtMs: 0 });
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
