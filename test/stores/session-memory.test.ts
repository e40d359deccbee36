import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';

// The review measured 2,273 bytes a token with a session per token against 491 in one session: each
// session had a sorted set of its own (~1.5 KB of objects). Measured in a fresh Node process (the
// memory store bundled by esbuild), the collector run before each reading, so nothing else counts.

const TOKENS = 50_000;
const MEASURE = `
const { createMemoryTokenStore } = require('./memory-token-store.js');
const collect = () => { global.gc(); global.gc(); };
async function bytesPerToken(sessionOf) {
  collect();
  const before = process.memoryUsage();
  const store = createMemoryTokenStore(${TOKENS});
  for (let i = 0; i < ${TOKENS}; i += 1)
    await store.insert({
      token: i.toString(16).padStart(32, '0'),
      objectType: 'file',
      objectId: String(i + 1),
      session: sessionOf(i),
      name: 'model-' + (i + 1) + '.rvt',
      issuedAtMs: 1767225600000 + i,
      lastUsedAtMs: null,
      uses: 0,
    });
  collect();
  const after = process.memoryUsage();
  const bytes = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / ${TOKENS};
  return { bytes, listed: (await store.list({ session: sessionOf(7) })).length, counted: await store.count(sessionOf(7)), store };
}
(async () => {
  const one = await bytesPerToken(() => 'one-session');
  const each = await bytesPerToken((i) => 'session-' + i);
  console.log(JSON.stringify({ one: { ...one, store: undefined }, each: { ...each, store: undefined } }));
})();
`;

test('tokens in a session each cost no more than twice those in one session, and both are listed per session', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtm-session-memory-'));
  try {
    buildSync({
      entryPoints: [path.resolve(__dirname, '../../mock/stores/memory-token-store.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: path.join(dir, 'memory-token-store.js'),
      logLevel: 'silent',
    });
    writeFileSync(path.join(dir, 'measure.js'), MEASURE);
    const run = spawnSync(process.execPath, ['--expose-gc', path.join(dir, 'measure.js')], { encoding: 'utf8' });
    const { one, each } = JSON.parse(run.stdout) as Record<
      'one' | 'each',
      { bytes: number; listed: number; counted: number }
    >;
    console.info(`bytes a token: ${Math.round(one.bytes)} in one session, ${Math.round(each.bytes)} in a session each`);
    expect(one.bytes).toBeGreaterThan(0);
    expect(each.bytes).toBeLessThanOrEqual(2 * one.bytes);
    // Still a store of sessions: each session lists and counts its own.
    expect([one.listed, one.counted, each.listed, each.counted]).toEqual([TOKENS, TOKENS, 1, 1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
