import { checkTimeZone, createPlatformTimeFormat } from '../../mock/core/platform-time';

const INSTANT = Date.parse('2026-01-07T23:30:05.999Z');

test.each([
  ['UTC', '2026-01-07 23:30:05'],
  ['Asia/Shanghai', '2026-01-08 07:30:05'],
  ['America/New_York', '2026-01-07 18:30:05'],
  ['Asia/Kolkata', '2026-01-08 05:00:05'],
])('an instant is written as yyyy-MM-dd HH:mm:ss in %s', (timeZone, expected) => {
  expect(createPlatformTimeFormat(timeZone)(INSTANT)).toBe(expected);
});

test('midnight is written 00, not 24', () => {
  expect(createPlatformTimeFormat('UTC')(Date.parse('2026-03-01T00:00:00Z'))).toBe('2026-03-01 00:00:00');
});

test.each([
  ['Asia/Shanghai', { kind: 'ok', timeZone: 'Asia/Shanghai' }],
  ['utc', { kind: 'ok', timeZone: 'UTC' }],
  ['Mars/Olympus', { kind: 'invalid', reason: 'not an IANA time zone name (e.g. UTC, Europe/Berlin, Asia/Shanghai)' }],
  ['', { kind: 'invalid', reason: 'expected an IANA time zone name such as UTC or Asia/Shanghai' }],
])('time zone %j is checked', (timeZone, expected) => {
  expect(checkTimeZone(timeZone)).toEqual(expected);
});
