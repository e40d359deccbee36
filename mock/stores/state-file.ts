import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Writes a JSON file (the `--record` file) while the mock runs. */
export interface StateFileWriter {
  /** Something changed: a write follows within the debounce time (one at a time, never piling up). */
  markDirty(): void;
  /** Writes now if anything changed (and waits for a write in progress). */
  flush(): Promise<void>;
}

export interface StateFileWriterOptions<State = unknown> {
  file: string;
  /** The state to write, read in one go so it is consistent. */
  capture: () => Promise<State>;
  /** How long changes gather before a write: bounds writes to a few per second while busy. */
  debounceMs: number;
  onError: (error: unknown) => void;
  /** A write succeeded. */
  onWritten?: () => void;
}

/**
 * Keeps a JSON file current: each write goes to a temp file in the same directory, is fsynced,
 * renamed over the file and the directory fsynced, so a crash at any moment leaves either the
 * previous complete state or the new one, never half a file.
 * @example const writer = createStateFileWriter({ file, capture, debounceMs: 200, onError: log });
 */
export function createStateFileWriter<State = unknown>(options: StateFileWriterOptions<State>): StateFileWriter {
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  const writeOnce = async (): Promise<void> => {
    dirty = false;
    try {
      await writeAtomically(options.file, `${JSON.stringify(await options.capture())}\n`);
      options.onWritten?.();
    } catch (error) {
      dirty = true;
      throw error;
    }
  };
  const startWrite = (): Promise<void> => {
    const current = writeOnce().finally(() => {
      writing = undefined;
      if (dirty) schedule();
    });
    writing = current.catch(() => undefined);
    return current;
  };
  const run = (): void => {
    timer = undefined;
    if (dirty && writing === undefined) startWrite().catch(options.onError);
  };
  const schedule = (): void => {
    if (timer === undefined && writing === undefined) timer = setTimeout(run, options.debounceMs).unref();
  };
  return {
    markDirty() {
      dirty = true;
      schedule();
    },
    async flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      while (writing !== undefined) await writing;
      if (dirty) await startWrite();
    },
  };
}

/**
 * A new file only: an unguessable name, O_EXCL (an existing file or symlink there is an error, not
 * something to write through) and O_NOFOLLOW where the platform has it, readable by the owner only.
 */
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Temp files are `<file>.<16 hex>.tmp`: what a killed write leaves behind, removed when the state file loads. */
const tempFileOf = (file: string): string => `${file}.${randomBytes(8).toString('hex')}.tmp`;

/**
 * Replaces `file` atomically with what `write` writes: into a new temp file beside it (O_EXCL,
 * O_NOFOLLOW, mode 0600), fsynced, renamed over the file, the directory fsynced. A failure (or a
 * `write` that throws) removes the temp file and leaves the file as it was.
 * @example await writeAtomically('state.json', (handle) => handle.writeFile('{}\n'));
 */
export async function writeAtomically(
  file: string,
  content: string | ((handle: FileHandle) => Promise<void>),
): Promise<void> {
  const temp = tempFileOf(file);
  const handle = await open(temp, EXCLUSIVE, 0o600);
  try {
    try {
      await (typeof content === 'string' ? handle.writeFile(content) : content(handle));
      await handle.sync();
    } finally {
      await handle.close();
    }
    // rename replaces a symlink at `file` itself; it never writes through one.
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectoryOf(file);
}

/** Makes a rename, a new file or a removal in the file's directory durable. */
export async function syncDirectoryOf(file: string): Promise<void> {
  const directory = await open(path.dirname(path.resolve(file)), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
