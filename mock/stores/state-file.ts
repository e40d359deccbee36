import { randomBytes } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config/config-error';
import type { StateSnapshot } from './state-snapshot';
import { toStateSnapshot } from './state-snapshot';

/**
 * Reads `--state-file`: undefined when it does not exist yet; a ConfigError (exit 2) when it cannot
 * be read or is not a state file. The file is never touched here, so a corrupt one can be inspected.
 * @example const saved = loadStateFile('./mock-state.json');
 */
export function loadStateFile(file: string): StateSnapshot | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`--state-file ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`--state-file ${file}: not valid JSON (${(error as Error).message}); the file was left as it is: fix or move it`);
  }
  const snapshot = toStateSnapshot(parsed);
  if (typeof snapshot === 'string') throw new ConfigError(`--state-file ${file}: ${snapshot}; the file was left as it is: fix or move it`);
  return snapshot;
}

/** Writes the state file while the mock runs. */
export interface StateFileWriter {
  /** Something changed: a write follows within the debounce time (one at a time, never piling up). */
  markDirty(): void;
  /** Writes now if anything changed (and waits for a write in progress). */
  flush(): Promise<void>;
}

export interface StateFileWriterOptions<State = StateSnapshot> {
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
 * Keeps `--state-file` current: each write goes to a temp file in the same directory, is fsynced,
 * renamed over the file and the directory fsynced, so a crash at any moment leaves either the
 * previous complete state or the new one, never half a file.
 * @example const writer = createStateFileWriter({ file, capture, debounceMs: 200, onError: log });
 */
export function createStateFileWriter<State = StateSnapshot>(options: StateFileWriterOptions<State>): StateFileWriter {
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

async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const handle = await open(temp, EXCLUSIVE, 0o600);
  try {
    try {
      await handle.writeFile(text);
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
  // The rename itself is durable only once the directory is synced.
  const directory = await open(path.dirname(path.resolve(file)), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
