import { createDeathPolicy } from '../../mock/cli/workers';

test('deaths within a minute back off 100, 200, 400, 800, 1600 ms; the sixth gives up', () => {
  let now = 0;
  const onDeath = createDeathPolicy(() => now);
  const verdicts = Array.from({ length: 6 }, () => {
    now += 1_000;
    return onDeath();
  });
  expect(verdicts).toEqual([
    { kind: 'respawn', delayMs: 100 },
    { kind: 'respawn', delayMs: 200 },
    { kind: 'respawn', delayMs: 400 },
    { kind: 'respawn', delayMs: 800 },
    { kind: 'respawn', delayMs: 1600 },
    { kind: 'give-up', deaths: 6 },
  ]);
});

test.each([
  [59_999, { kind: 'give-up', deaths: 6 }],
  [60_000, { kind: 'respawn', delayMs: 100 }],
])('a death %i ms after the first counts it only within the minute', (atMs, verdict) => {
  let now = 0;
  const onDeath = createDeathPolicy(() => now);
  for (let i = 0; i < 5; i += 1) onDeath();
  now = atMs;
  expect(onDeath()).toEqual(verdict);
});

test('deaths older than a minute are forgotten: the back-off falls back', () => {
  let now = 0;
  const onDeath = createDeathPolicy(() => now);
  const delays: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    now += 20_000; // spread out: at most 3 in any minute
    const verdict = onDeath();
    if (verdict.kind === 'respawn') delays.push(verdict.delayMs);
  }
  expect(delays).toEqual([100, 200, 400, 400, 400]);
});
