import { closeSync, openSync, readSync } from 'node:fs';

/** One line of a file: its text (no newline), its number (from 1), and whether a newline ended it. */
export interface FileLine {
  text: string;
  number: number;
  terminated: boolean;
}

const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/**
 * The lines of a file, read a MiB at a time: a snapshot of a million records (~200 MB) is never one
 * string (V8 caps strings at ~512 MB, and JSON.parse of one that size needs several times it).
 * @example for (const line of readLines('state.json')) console.log(line.number, line.text);
 */
export function* readLines(file: string): Generator<FileLine> {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    // The line read so far, in copied pieces, joined once at its newline: a version 1 file is one line
    // of ~180 MB a million tokens, and joining at every chunk copied it ~180 times (quadratic).
    let pending: Buffer[] = [];
    let number = 0;
    for (
      let read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      read > 0;
      read = readSync(fd, chunk, 0, CHUNK_BYTES, null)
    ) {
      const bytes = chunk.subarray(0, read);
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE, start); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
        number += 1;
        const text =
          pending.length === 0
            ? bytes.toString('utf8', start, end)
            : Buffer.concat([...pending, bytes.subarray(start, end)]).toString('utf8');
        pending = [];
        yield { text, number, terminated: true };
        start = end + 1;
      }
      // Copied: the chunk buffer is read into again.
      if (start < read) pending.push(Buffer.from(bytes.subarray(start)));
    }
    if (pending.length > 0)
      yield { text: Buffer.concat(pending).toString('utf8'), number: number + 1, terminated: false };
  } finally {
    closeSync(fd);
  }
}
