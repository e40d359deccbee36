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
    let rest: Buffer = Buffer.alloc(0);
    let number = 0;
    for (let read = readSync(fd, chunk, 0, CHUNK_BYTES, null); read > 0; read = readSync(fd, chunk, 0, CHUNK_BYTES, null)) {
      const bytes = rest.length === 0 ? chunk.subarray(0, read) : Buffer.concat([rest, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE, start); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
        number += 1;
        yield { text: bytes.toString('utf8', start, end), number, terminated: true };
        start = end + 1;
      }
      // Copied: the chunk buffer is read into again.
      rest = Buffer.from(bytes.subarray(start));
    }
    if (rest.length > 0) yield { text: rest.toString('utf8'), number: number + 1, terminated: false };
  } finally {
    closeSync(fd);
  }
}
