import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, open, readFile, unlink } from 'node:fs/promises';
import { syncDirectoryOf } from './state-file';
import type { LogHeader } from './state-snapshot';
import { LOG_FORMAT, STATE_VERSION } from './state-snapshot';

/** An append-only change log of `--state-file`: records gathered in memory and written in batches. */
export interface StateLog {
  readonly file: string;
  readonly generation: number;
  /** Bytes appended so far (header included, written or not yet; counted in UTF-16 units, near enough for a size bound). */
  readonly bytes: number;
  /** Records appended so far. */
  readonly records: number;
  /** A write failed: what is appended now is dropped (the owner writes a new snapshot instead). */
  readonly broken: boolean;
  /** Appends one record's line (no newline): written within the flush interval, off the request's path. */
  append(line: string): void;
  /** Writes what is pending now and waits until it is on disk. */
  flush(): Promise<void>;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

export interface StateLogOptions {
  /** How long appended records gather before a write. */
  flushMs: number;
  /** A write failed (once per log): the log is broken from now on. */
  onError(error: unknown): void;
}

/** A new file only (an existing file or symlink is an error, never written through), appended to, owner-only. */
const NEW_LOG =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0);

/**
 * Creates the change log of one generation, its header written and its directory entry synced. Each
 * batch is one write() of whole lines (a kill can cut only the last line short); then fdatasync,
 * one at a time, beside the writes. After each batch the file is checked to still be linked: a log
 * whose file was deleted (its directory removed) would take writes and keep none. A log whose header
 * could not be written (a full disk) is removed, and one a failed attempt left (its removal failed
 * too) is replaced: no half-made file blocks its generation.
 * @example const log = await createStateLog('state.json.3.log', 3, { flushMs: 50, onError });
 */
export async function createStateLog(file: string, generation: number, options: StateLogOptions): Promise<StateLog> {
  const header = `${JSON.stringify({ format: LOG_FORMAT, version: STATE_VERSION, generation } satisfies LogHeader)}\n`;
  const handle = await openNewLog(file, header);
  try {
    await writeAll(handle, header);
    await handle.sync();
    await syncDirectoryOf(file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
    throw error;
  }
  let pending: string[] = [];
  let bytes = header.length;
  let records = 0;
  let broken = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let syncing: Promise<void> | undefined;
  let syncAgain = false;
  const fail = (error: unknown): void => {
    if (broken) return;
    broken = true;
    pending = [];
    options.onError(error);
  };
  const sync = (): void => {
    if (syncing !== undefined) return void (syncAgain = true);
    syncing = handle
      .datasync()
      .catch(fail)
      .finally(() => {
        syncing = undefined;
        if (syncAgain && !broken) {
          syncAgain = false;
          sync();
        }
      });
  };
  const drain = async (): Promise<void> => {
    while (pending.length > 0 && !broken) {
      const text = `${pending.join('\n')}\n`;
      pending = [];
      await writeAll(handle, text);
      if ((await handle.stat()).nlink === 0)
        throw Object.assign(new Error(`${file} was removed while in use`), { code: 'ENOENT' });
      sync();
    }
  };
  const write = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    writing ??= drain()
      .catch(fail)
      .finally(() => {
        writing = undefined;
      });
    return writing;
  };
  const flush = async (): Promise<void> => {
    // A batch in progress, then what came in meanwhile.
    await write();
    await write();
    while (syncing !== undefined) await syncing;
  };
  return {
    file,
    generation,
    get bytes() {
      return bytes;
    },
    get records() {
      return records;
    },
    get broken() {
      return broken;
    },
    append(line) {
      records += 1;
      bytes += line.length + 1;
      if (broken) return;
      pending.push(line);
      timer ??= setTimeout(() => void write(), options.flushMs);
    },
    flush,
    async close() {
      try {
        await flush();
      } finally {
        await handle.close().catch(() => undefined);
      }
    },
  };
}

async function writeAll(handle: FileHandle, text: string): Promise<void> {
  const buffer = Buffer.from(text);
  for (let offset = 0; offset < buffer.length;)
    offset += (await handle.write(buffer, offset, buffer.length - offset)).bytesWritten;
}

/** Opens a new log file; a half-made one at its name (no more than a prefix of its header) is replaced. */
async function openNewLog(file: string, header: string): Promise<FileHandle> {
  try {
    return await open(file, NEW_LOG, 0o600);
  } catch (error) {
    // Anything else there (a log holding records, a symlink, a directory) stays, and the error with it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await isHalfMadeLog(file, header))) throw error;
  }
  await unlink(file);
  return open(file, NEW_LOG, 0o600);
}

/** A regular file holding nothing but a prefix of the header this log would have: an earlier attempt's. */
async function isHalfMadeLog(file: string, header: string): Promise<boolean> {
  const stat = await lstat(file);
  if (!stat.isFile() || stat.size > Buffer.byteLength(header)) return false;
  return header.startsWith(await readFile(file, 'utf8'));
}
