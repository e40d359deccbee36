import { unlink } from 'node:fs/promises';
import type { SnapshotContent } from './state-compaction';
import { SnapshotStoppedError, writeSnapshot } from './state-compaction';
import { syncDirectoryOf } from './state-file';
import type { StateLog } from './state-log';
import { createStateLog } from './state-log';
import { logFileOf } from './state-load';
import type { StateRecord } from './state-records';

/** Changes gather this long before they are appended to the change log (kill -9 loses at most about this). */
const STATE_LOG_FLUSH_MS = 50;
/** The logs are compacted into a new snapshot once they hold more than this, and more than the snapshot. */
const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;
/** A failed write is retried after this, doubling up to RETRY_MAX_MS while it keeps failing. */
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/** What the state file's writer tells its owner: a failure once per reason, the recovery once. */
export interface WriterEvents {
  /** `reason`: what health says while it lasts. */
  failed(error: unknown, reason: string): void;
  recovered(): void;
}

export interface StateWriterOptions {
  file: string;
  /** The generation of the first log this writer opens. */
  generation: number;
  /** The logs since the snapshot already on disk (the next snapshot replaces them). */
  olderLogs: readonly { file: string; bytes: number }[];
  snapshotBytes: number;
  /** What a new snapshot holds, read when it begins: the small parts at once, the tokens as a store to walk. */
  capture(): Promise<Omit<SnapshotContent, 'generation'>>;
  events: WriterEvents;
}

/** Keeps `--state-file` current: a change log appended every STATE_LOG_FLUSH_MS, compacted into a new snapshot now and then. */
export interface StateWriter {
  /** `fresh`: writes the first snapshot, then opens its log; `continue`: opens the next log after what is on disk. */
  start(kind: 'fresh' | 'continue', compactSoon: boolean): Promise<void>;
  record(record: StateRecord): void;
  /** Stops a compaction in progress, writes what is pending (a new snapshot if writes were failing) and closes the log. */
  flush(): Promise<void>;
  /** Why the files cannot be written right now, or undefined while they can. */
  failure(): string | undefined;
}

/**
 * The writer of `--state-file`. A compaction first begins a new log (so every change from then on is
 * in it), then walks the state into a new snapshot (writeSnapshot: steps of ~1 ms), then deletes the
 * logs it replaces. While the log cannot be written, changes are not kept for it: memory holds them,
 * and the next successful compaction writes them all.
 * @example const writer = createStateWriter({ file, generation: 1, olderLogs: [], snapshotBytes: 0, capture, events });
 */
export function createStateWriter(options: StateWriterOptions): StateWriter {
  const { file, events } = options;
  let log: StateLog | undefined;
  let olderLogs = [...options.olderLogs];
  let snapshotBytes = options.snapshotBytes;
  let failing: string | undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wantedAfterMs: number | undefined;
  let retryMs = RETRY_MIN_MS;
  let closing = false;

  const fail = (error: unknown): void => {
    const reason = `--state-file ${file} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); changes are kept in memory and retried`;
    // Retries follow every few hundred ms or more: the log hears of a failure once per change of reason.
    if (reason === failing) return;
    failing = reason;
    events.failed(error, reason);
  };
  const openLog = (generation: number): Promise<StateLog> =>
    createStateLog(logFileOf(file, generation), generation, {
      flushMs: STATE_LOG_FLUSH_MS,
      onError(error) {
        fail(error);
        request(retryMs);
      },
    });
  const logBytes = (): number => olderLogs.reduce((sum, older) => sum + older.bytes, 0) + (log?.bytes ?? 0);

  const compact = async (stopped: () => boolean): Promise<void> => {
    const current = log as StateLog;
    if (current.broken || current.records > 0) {
      // Begun before anything is read for the snapshot: it holds every change the walk may miss.
      const next = await openLog(current.generation + 1);
      olderLogs.push({ file: current.file, bytes: current.broken ? 0 : current.bytes });
      log = next;
      void current.close();
    }
    const generation = (log as StateLog).generation;
    snapshotBytes = await writeSnapshot(file, { generation, ...(await options.capture()) }, stopped);
    const replaced = olderLogs;
    olderLogs = [];
    for (const older of replaced) await unlink(older.file).catch(() => undefined);
    await syncDirectoryOf(file);
  };
  const run = (): void => {
    timer = undefined;
    wantedAfterMs = undefined;
    running = compact(() => closing)
      .then(
        () => {
          retryMs = RETRY_MIN_MS;
          if (failing === undefined || log?.broken !== false) return;
          failing = undefined;
          events.recovered();
        },
        (error: unknown) => {
          if (error instanceof SnapshotStoppedError) return;
          fail(error);
          retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
          request(retryMs);
        },
      )
      .finally(() => {
        running = undefined;
        if (wantedAfterMs !== undefined && !closing) request(wantedAfterMs);
      });
  };
  /** A compaction in `afterMs`, or after the one in progress. */
  const request = (afterMs: number): void => {
    if (closing || timer !== undefined) return;
    if (running !== undefined) return void (wantedAfterMs = Math.min(wantedAfterMs ?? afterMs, afterMs));
    timer = setTimeout(run, afterMs);
    timer.unref();
  };

  return {
    async start(kind, compactSoon) {
      if (kind === 'fresh') {
        // Nothing can change before the mock listens: the first snapshot needs no log begun before it.
        snapshotBytes = await writeSnapshot(file, { generation: options.generation, ...(await options.capture()) });
      }
      log = await openLog(options.generation);
      if (compactSoon || logBytes() > Math.max(COMPACT_AFTER_BYTES, snapshotBytes)) request(0);
    },
    record(record) {
      if (log === undefined || closing) return;
      log.append(JSON.stringify(record));
      if (running === undefined && timer === undefined && logBytes() > Math.max(COMPACT_AFTER_BYTES, snapshotBytes))
        request(0);
    },
    async flush() {
      if (closing || log === undefined) return;
      closing = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
      try {
        // What is pending first: its write may be what fails.
        await log.flush();
        // Writes were failing: a last snapshot from memory, or the caller hears why not.
        if (failing !== undefined || log.broken) {
          await compact(() => false).catch((error: unknown) => {
            throw new Error(
              `--state-file ${file}: the last snapshot at shutdown failed too (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the changes made since writing failed are lost`,
              { cause: error },
            );
          });
          failing = undefined;
          events.recovered();
        }
      } finally {
        await (log as StateLog).close();
      }
    },
    failure: () => failing,
  };
}
