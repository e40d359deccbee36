// The mock (library API, memory store, default logging) in its own process for the scale figures.
// The parent drives it over IPC: seed N live View Tokens, report memory, expire them all and
// report how the reclaim went. Usage: node --expose-gc scale-server.js PORT
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EXPIRED_RETENTION_MS } from '../mock/core/create-core';
import type { Int64 } from '../mock/core/int64';
import { createMockServer } from '../mock/server';

type Command = { kind: 'seed'; count: number } | { kind: 'memory' } | { kind: 'expire' };

function memory(): { rssBytes: number; heapUsedBytes: number } {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
}

async function main(): Promise<void> {
  const mock = await createMockServer({});
  await mock.listen(Number(process.argv[2] ?? 0), '127.0.0.1');
  const { core } = mock;
  const target = (id: number) => ({ kind: 'object', parameter: 'fileId', type: 'file', id: String(id) as Int64 }) as const;

  process.on('message', (command: Command) => void (async () => {
    switch (command.kind) {
      case 'memory':
        return process.send?.({ ...memory(), viewTokens: await core.store.count() });
      case 'seed': {
        const t0 = performance.now();
        for (let i = 0; i < command.count; i += 1) {
          await core.service.issueViewToken({ authorization: 'Bearer bench', target: target(i + 1), session: '' });
          // Let the server breathe (and the parent's probes through) every so often.
          if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        return process.send?.({ seededMs: performance.now() - t0, ...memory(), viewTokens: await core.store.count() });
      }
      case 'expire': {
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const t0 = performance.now();
        core.clock.advance(core.viewTokens.ttlMs + EXPIRED_RETENTION_MS + 1000);
        // The server's own reclaim timer does the work, as in production; wait until it is done.
        while ((await core.store.count()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        delay.disable();
        return process.send?.({ reclaimedMs: performance.now() - t0, longestStallMs: delay.max / 1e6, ...memory(), viewTokens: await core.store.count() });
      }
    }
  })());
  process.send?.({ ready: true });
}

void main();
