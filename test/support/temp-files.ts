import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A temp folder for one test file, made before its tests and removed after them. `write` stores JSON
 * (or text as given) under a new numbered name and returns its path.
 * @example const files = tempFiles('vtm-diff-'); const spec = files.write({ openapi: '3.0.3' });
 */
export function tempFiles(prefix: string): {
  write: (content: unknown, extension?: string) => string;
  folder: () => string;
} {
  let dir = '';
  let count = 0;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    write(content, extension = 'json') {
      count += 1;
      const file = path.join(dir, `${count}.${extension}`);
      writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
      return file;
    },
    folder: () => dir,
  };
}
