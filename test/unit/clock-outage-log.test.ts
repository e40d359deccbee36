import { Writable } from 'node:stream';
import pino from 'pino';
import { logClockOutages } from '../../mock/compose/clock-outage-log';
import { createLogThrottle } from '../../mock/http/log-throttle';

function aLog(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>); done(); } });
  return { logger: pino({ level: 'info', base: null, timestamp: false }, sink), lines };
}

test('an outage of 60 failed syncs over 12 s is two warnings (the second 10 s on, counting the 49 left out) and one recovery', () => {
  let now = 0;
  const { logger, lines } = aLog();
  const events = logClockOutages(logger, createLogThrottle(10_000, () => now));
  const error = new Error('Connection is closed.');
  for (let failures = 1; failures <= 60; failures += 1, now += 200) events.failed(error, failures);
  events.recovered(60);
  expect(lines.map(({ err: _err, ...line }) => line)).toEqual([
    { level: 40, failedSyncs: 1, msg: 'shared clock sync failed; retrying (logged at most once per 10 s per outage)' },
    { level: 40, failedSyncs: 51, alikeSinceLast: 49, msg: 'shared clock sync failed; retrying (logged at most once per 10 s per outage)' },
    { level: 30, failedSyncs: 60, msg: 'shared clock sync works again' },
  ]);
  expect(lines[0]).toMatchObject({ err: { message: 'Connection is closed.' } });
});

test('a new outage 1 s after the last one ended is logged at once, not held back by the last one\'s 10 s', () => {
  let now = 0;
  const { logger, lines } = aLog();
  const events = logClockOutages(logger, createLogThrottle(10_000, () => now));
  events.failed(new Error('down'), 1);
  now += 200;
  events.recovered(1);
  now += 1_000;
  events.failed(new Error('down again'), 1);
  events.failed(new Error('down again'), 2);
  expect(lines.map((line) => [line.msg, line.failedSyncs])).toEqual([
    ['shared clock sync failed; retrying (logged at most once per 10 s per outage)', 1],
    ['shared clock sync works again', 1],
    ['shared clock sync failed; retrying (logged at most once per 10 s per outage)', 1],
  ]);
});
