import type { ClockChange, ClockState } from '../../mock/core/clock';
import { MOCK_TIME_MAX_MS, REAL_TIME, applyClockChange, isMockTimeInRange, mockTimeOf } from '../../mock/core/clock';
import { parseDuration } from '../../mock/core/duration';

test("a clock's changes: advance follows real time plus its offset, set frozen stands still, advance moves a frozen clock, set running keeps the time, reset is real time", () => {
  let real = 1_000;
  let state: ClockState = REAL_TIME;
  const change = (next: ClockChange) => {
    state = applyClockChange(state, next, real) ?? state;
  };
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
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: MOCK_TIME_MAX_MS }, 0)).toEqual({
    offsetMs: MOCK_TIME_MAX_MS,
    frozenAtMs: null,
  });
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: MOCK_TIME_MAX_MS + 1 }, 0)).toBeUndefined();
  expect(applyClockChange(REAL_TIME, { kind: 'advance', byMs: -1 }, 0)).toBeUndefined();
  expect(applyClockChange(REAL_TIME, { kind: 'set', atMs: 0, frozen: true }, 5)).toEqual({
    offsetMs: -5,
    frozenAtMs: 0,
  });
});

test.each([
  ['12h', 43_200_000],
  ['90m', 5_400_000],
  ['1d', 86_400_000],
  ['250ms', 250],
  ['30s', 30_000],
  ['PT12H', 43_200_000],
  ['P1DT2H', 93_600_000],
  ['PT1M30S', 90_000],
  ['1500', 1_500],
  [1500, 1_500],
  ['1.5h', 5_400_000],
])('duration %j is %d ms', (input, ms) => {
  expect(parseDuration(input)).toEqual({ kind: 'ok', ms });
});

test.each(['', 'P', 'PT', '12 hours', '-1h', 'h', -5, Number.NaN])('duration %j is refused', (input) => {
  expect(parseDuration(input).kind).toBe('invalid');
});

test.each([
  ['the epoch', 0, true],
  ['one millisecond before the epoch', -1, false],
  ['the last millisecond of year 9999', Date.parse('9999-12-31T23:59:59.999Z'), true],
  ['the first millisecond of year 10000', Date.parse('9999-12-31T23:59:59.999Z') + 1, false],
  ['NaN', Number.NaN, false],
  ['Infinity', Number.POSITIVE_INFINITY, false],
])('a mock time at %s is in range: %s', (_label, atMs, inRange) => {
  expect(isMockTimeInRange(atMs)).toBe(inRange);
});

test('the latest mock time is the end of year 9999, in UTC', () => {
  expect(new Date(MOCK_TIME_MAX_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
});

test('a clock nobody moved runs at real time, unfrozen, with no offset', () => {
  expect(REAL_TIME).toEqual({ offsetMs: 0, frozenAtMs: null });
  expect(mockTimeOf(REAL_TIME, 1_000)).toBe(1_000);
});

test('set without freezing keeps the clock running from the time set, and says how far it is from real time', () => {
  const state = applyClockChange(REAL_TIME, { kind: 'set', atMs: 50_000, frozen: false }, 1_000);
  expect(state).toEqual({ offsetMs: 49_000, frozenAtMs: null });
  expect(mockTimeOf(state as ClockState, 1_007)).toBe(50_007);
});

test('set frozen stands the clock still at the time set, keeping the offset it had to real time then', () => {
  const state = applyClockChange(REAL_TIME, { kind: 'set', atMs: 50_000, frozen: true }, 1_000);
  expect(state).toEqual({ offsetMs: 49_000, frozenAtMs: 50_000 });
  expect(mockTimeOf(state as ClockState, 1_007)).toBe(50_000);
});

test('advancing a frozen clock moves both its frozen time and its offset; advancing a running one only the offset', () => {
  expect(applyClockChange(REAL_TIME, { kind: 'advance', byMs: 250 }, 1_000)).toEqual({
    offsetMs: 250,
    frozenAtMs: null,
  });
  const frozen = applyClockChange(REAL_TIME, { kind: 'set', atMs: 5_000, frozen: true }, 1_000) as ClockState;
  const advanced = applyClockChange(frozen, { kind: 'advance', byMs: 250 }, 1_000);
  expect(advanced).toEqual({ offsetMs: 4_250, frozenAtMs: 5_250 });
  expect(mockTimeOf(advanced as ClockState, 1_000)).toBe(5_250);
});

test('advancing by a negative amount moves the clock back', () => {
  expect(mockTimeOf(applyClockChange(REAL_TIME, { kind: 'advance', byMs: -4_000 }, 10_000) as ClockState, 10_000)).toBe(
    6_000,
  );
});

test('reset puts a frozen, offset clock back to real time', () => {
  const frozen = applyClockChange(REAL_TIME, { kind: 'set', atMs: 9_000, frozen: true }, 3_000) as ClockState;
  expect(applyClockChange(frozen, { kind: 'reset' }, 3_000)).toEqual({ offsetMs: 0, frozenAtMs: null });
});

test.each([
  ['0', 0],
  [0, 0],
  ['0ms', 0],
  ['PT0S', 0],
  ['P1D', 86_400_000],
  ['PT1H', 3_600_000],
  ['PT2M', 120_000],
  ['PT0.5S', 500],
  ['P0.5D', 43_200_000],
  ['1.2345s', 1_235],
  [1.5, 2],
  [2.4, 2],
  ['  12h  ', 43_200_000],
  ['007', 7],
  ['P1DT1H1M1S', 90_061_000],
])('duration %j is exactly %d ms (fractions rounded to the millisecond)', (input, ms) => {
  expect(parseDuration(input)).toEqual({ kind: 'ok', ms });
});

test.each([
  ['12 hours', '"12 hours" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  [' P ', '"P" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['P1DT', '"P1DT" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['x12h', '"x12h" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['12hx', '"12hx" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['XP1D', '"XP1D" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['P1DX', '"P1DX" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['1d2', '"1d2" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['a1', '"a1" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  ['1a', '"1a" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  [-1, '"-1" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
  [Number.POSITIVE_INFINITY, '"Infinity" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)'],
])('duration %j is refused with the reason a user reads', (input, reason) => {
  expect(parseDuration(input)).toEqual({ kind: 'invalid', reason });
});

test.each([
  ['P10D', 864_000_000],
  ['P0.25D', 21_600_000],
  ['PT12H', 43_200_000],
  ['PT1.5H', 5_400_000],
  ['PT0.25H', 900_000],
  ['PT90M', 5_400_000],
  ['PT1.5M', 90_000],
  ['PT0.25M', 15_000],
  ['PT45S', 45_000],
  ['PT0.25S', 250],
  ['P1DT0.5H', 88_200_000],
  ['2.25s', 2_250],
  ['10.5m', 630_000],
  ['36h', 129_600_000],
])(
  'ISO 8601 and short durations take several digits and fractions of several digits in every field: %j is %d ms',
  (input, ms) => {
    expect(parseDuration(input)).toEqual({ kind: 'ok', ms });
  },
);

test.each(['PT1.H', 'P.5D', 'PT1.xS', 'P1.DT1H', '1.h', '1.5', 'PT1H30', 'P1DT1H1M1S1'])(
  'a duration with a dangling decimal point or trailing digits is refused: %j',
  (input) => {
    expect(parseDuration(input)).toEqual({
      kind: 'invalid',
      reason: `"${input}" is not a duration (use e.g. 12h, 90m, 1d, PT12H or milliseconds)`,
    });
  },
);
