import { createReclaimer } from '../../mock/compose/reclaimer';

/** A core whose steps each wait for the test to let them finish: step n removes `removed[n]`. */
function aSteppedCore(removed: number[]) {
  const pending: (() => void)[] = [];
  let steps = 0;
  return {
    core: {
      reclaimExpired: () =>
        new Promise<number>((resolve) => {
          const step = steps++;
          pending.push(() => resolve(removed[step] ?? 0));
        }),
    },
    get steps() {
      return steps;
    },
    async finishNextStep() {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

test('a sweep steps until a step removes nothing, and a call during a sweep does not start a second one', async () => {
  const stepped = aSteppedCore([5, 5, 0, 7]);
  const reclaim = createReclaimer(stepped.core, () => undefined);
  const first = reclaim();
  const second = reclaim();
  await second;
  expect(stepped.steps).toBe(1);
  for (let i = 0; i < 3; i += 1) await stepped.finishNextStep();
  await first;
  expect(stepped.steps).toBe(3);
  // Once the sweep is over, the next call sweeps again.
  const third = reclaim();
  await stepped.finishNextStep();
  await stepped.finishNextStep();
  await third;
  expect(stepped.steps).toBe(5);
});

test('a failing step is reported and the next call sweeps again', async () => {
  const errors: unknown[] = [];
  let calls = 0;
  const reclaim = createReclaimer(
    {
      reclaimExpired: async () => {
        calls += 1;
        if (calls === 1) throw new Error('store away');
        return 0;
      },
    },
    (error) => errors.push(error),
  );
  await reclaim();
  await reclaim();
  expect(errors).toEqual([new Error('store away')]);
  expect(calls).toBe(2);
});
