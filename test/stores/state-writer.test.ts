import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryClockStore } from '../../mock/core/session-clocks';
import type { Int64 } from '../../mock/core/int64';
import type { ViewTokenRecord } from '../../mock/core/token-store';
import { createMemoryTokenStore } from '../../mock/stores/memory-token-store';
import { openPersistedState } from '../../mock/stores/persisted-state';
import { readSavedState } from '../support/saved-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vtm-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const aToken = (n: number): ViewTokenRecord => ({
  token: n.toString(16).padStart(32, '0'),
  objectType: 'file',
  objectId: String(n) as Int64,
  session: '',
  name: `model-${n}.rvt`,
  issuedAtMs: Date.parse('2026-01-01T00:00:00Z'),
  lastUsedAtMs: null,
  uses: 0,
});

async function aPersistedState(file: string) {
  const events = { failures: [] as string[], recoveries: 0 };
  const state = await openPersistedState(file, createMemoryTokenStore(), createMemoryClockStore(), Date.now, {
    failed: (_error, reason) => void events.failures.push(reason),
    recovered: () => void (events.recoveries += 1),
    notice: () => undefined,
  });
  await state.attach();
  return { state, events };
}

test('a stop whose pending changes fail to be written says so: they are not dropped in silence', async () => {
  const stateDir = path.join(dir, 'state');
  mkdirSync(stateDir);
  const file = path.join(stateDir, 'state.json');
  const { state, events } = await aPersistedState(file);
  // Appended, and due to be written within 50 ms: the stop comes first, in this same tick.
  await state.store.insert(aToken(1));
  rmSync(stateDir, { recursive: true });
  await expect(state.flush()).rejects.toThrow(
    `--state-file ${file}: the last snapshot at shutdown failed too (ENOENT): the changes made since writing failed are lost`,
  );
  expect(events).toEqual({
    failures: [`--state-file ${file} cannot be written (ENOENT); changes are kept in memory and retried`],
    recoveries: 0,
  });
});

test('a stop after writes failed and the cause went away writes everything, and says writing resumed', async () => {
  const stateDir = path.join(dir, 'state');
  mkdirSync(stateDir);
  const file = path.join(stateDir, 'state.json');
  const { state, events } = await aPersistedState(file);
  await state.store.insert(aToken(1));
  rmSync(stateDir, { recursive: true });
  // The first write fails (its file is gone), within 50 ms; the directory is back before the stop.
  for (let i = 0; i < 100 && state.description.writes?.status !== 'failing'; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(state.description.writes).toMatchObject({ status: 'failing' });
  mkdirSync(stateDir);
  await state.store.insert(aToken(2));
  await state.flush();
  expect(events.recoveries).toBe(1);
  expect(state.description.writes).toEqual({
    status: 'resumed',
    since: expect.any(String),
    lastFailure: `--state-file ${file} cannot be written (ENOENT); changes are kept in memory and retried`,
  });
  expect((await readSavedState(file)).viewTokens.map((record) => record.objectId)).toEqual(['2', '1']);
});
