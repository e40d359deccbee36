import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Int64 } from '../../mock/core/int64';
import { createMockServer } from '../../mock/server';
import { readSavedState } from '../support/saved-state';

// The change log is compacted into a new snapshot once it outgrows a bound; the snapshot is walked
// while requests keep changing the state. What the files hold afterwards is exactly what the mock
// holds: nothing changed during the walk is lost, nothing deleted comes back.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-compaction-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const issue = async (mock: Awaited<ReturnType<typeof createMockServer>>, n: number, session = '') =>
  mock.core.viewTokens.issue(
    { objectType: 'file', objectId: String(n) as Int64, name: `model-${n}.rvt`, session },
    await mock.clock.now(session),
  );

test("a compaction while tokens are issued, used and deleted, rules used up and the clock moved keeps exactly the mock's state", async () => {
  const file = path.join(dir, 'state.json');
  const mock = await createMockServer({ stateFile: file, logLevel: 'silent', seed: 7 });
  await mock.scenarios.add({ then: { code: 503 }, times: 1_000 }, 'qa');
  const issued: string[] = [];
  // Issue until the first log is replaced by a second (the compaction began), without knowing the bound.
  for (let n = 1; !existsSync(`${file}.2.log`); n += 1) {
    if (n > 300_000) throw new Error('no compaction after 300,000 tokens');
    issued.push((await issue(mock, n)).token);
    if (n % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // While it walks the store (or right after): every kind of change.
  let changes = 0;
  const isDone = (): boolean => !existsSync(`${file}.1.log`) && !readdirSync(dir).some((name) => name.endsWith('.tmp'));
  for (; changes < 200 || !isDone(); changes += 1) {
    if (changes > 100_000) throw new Error('the compaction did not finish');
    await issue(mock, 1_000_000 + changes, 'during');
    await mock.core.viewTokens.use(issued[changes * 7] as string, (session) => mock.clock.now(session));
    await mock.core.store.delete(issued[changes * 7 + 1] as string);
    if (changes % 50 === 0) await mock.clock.advance(60_000, changes % 100 === 0 ? '' : 'during');
    if (changes % 10 === 0)
      await mock.core.rules.take(
        { operationId: 'getViewToken', pathParams: {}, query: { fileId: '1' }, headers: {} } as never,
        'qa',
        [200, 401, 403, 404, 503],
      );
    await new Promise((resolve) => setImmediate(resolve));
  }
  const tokens = await mock.core.store.list({});
  const rules = await mock.core.rules.list();
  const clocks = await mock.core.clocks.readAll();
  const [deployment, during] = [await mock.clock.get(), await mock.clock.get('during')];
  await mock.close();

  const saved = await readSavedState(file);
  expect(saved.version).toBe(2);
  expect(saved.generation).toBe(2);
  expect(readFileSync(file, 'utf8').split('\n', 1)[0]).toMatch(
    /^\{"format":"view-token-mock-state","version":2,"generation":2,/,
  );
  expect(saved.clocks).toEqual(
    new Map([
      ['', clocks.stateOf('')],
      ['during', clocks.stateOf('during')],
    ]),
  );
  expect([deployment.ownClock, during.ownClock]).toEqual([false, true]);
  expect(saved.rules).toEqual(rules);
  expect(rules).toEqual([expect.objectContaining({ session: 'qa', remaining: 1_000 - Math.ceil(changes / 10) })]);
  expect(saved.viewTokens.length).toBe(tokens.length);
  expect(new Map(saved.viewTokens.map((token) => [token.token, token]))).toEqual(
    new Map(tokens.map((token) => [token.token, token])),
  );
}, 120_000);
