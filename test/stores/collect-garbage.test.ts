import { collectGarbage } from '../../mock/stores/collect-garbage';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('collectGarbage frees what nothing holds, at once', async () => {
  // Made in a function of its own: nothing in this test's scope holds the object.
  const ref = ((): WeakRef<object> => new WeakRef({ parsed: new Array(100_000).fill('a token') }))();
  // A WeakRef's target is kept until the turn that made it ends.
  await nextTurn();
  collectGarbage();
  expect(ref.deref()).toBeUndefined();
});

test("collectGarbage leaves no gc function behind in the mock's own context", () => {
  collectGarbage();
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
