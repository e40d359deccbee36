// The command line of a benchmark that measures this build against another: `--before DIR` (a built
// checkout), `--help`, and the benchmark's own counts (`--runs R`, `--tokens N`) and texts, each
// `--name value`. Anything else, or a count that is no positive integer, is refused naming it.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** What a benchmark's flags gave: the other build's folder ('' when none), its counts and its texts. */
export interface AbOptions<C extends string, T extends string> {
  before: string;
  counts: Record<C, number>;
  texts: Record<T, string>;
}

/**
 * Reads `argv` against the defaults of the benchmark's counts and texts (their keys are the flags'
 * names); `--help` prints `help` and exits. A text's `check` says what is wrong with a value, or nothing.
 * @example parseAbOptions(['--runs', '5'], HELP, { runs: 3 }) // { before: '', counts: { runs: 5 }, texts: {} }
 */
export function parseAbOptions<C extends string, T extends string = never>(
  argv: readonly string[],
  help: string,
  counts: Record<C, number>,
  texts: Record<T, { value: string; check(value: string): string | undefined }> = {} as never,
): AbOptions<C, T> {
  const options: AbOptions<C, T> = {
    before: '',
    counts: { ...counts },
    texts: Object.fromEntries(
      Object.entries(texts).map(([name, text]) => [name, (text as { value: string }).value]),
    ) as Record<T, string>,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    if (flag === '--help' || flag === '-h') {
      console.log(help);
      process.exit(0);
    }
    const value = argv[++i] ?? '';
    const name = flag.slice(2);
    if (flag === '--before') options.before = builtCheckout(value);
    else if (flag.startsWith('--') && Object.hasOwn(counts, name)) options.counts[name as C] = positive(flag, value);
    else if (flag.startsWith('--') && Object.hasOwn(texts, name))
      options.texts[name as T] = text(flag, value, texts[name as T]);
    else throw new Error(`unknown option ${flag}; see --help`);
  }
  return options;
}

function builtCheckout(value: string): string {
  const dir = path.resolve(value);
  if (!existsSync(path.join(dir, 'dist/mock/index.js')))
    throw new Error(`--before needs a built checkout: ${dir}/dist/mock/index.js does not exist`);
  return dir;
}

function positive(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0)
    throw new Error(`${flag} needs a positive integer; got ${JSON.stringify(value)}`);
  return parsed;
}

function text(flag: string, value: string, { check }: { check(value: string): string | undefined }): string {
  const wrong = check(value);
  if (wrong !== undefined) throw new Error(`${flag} ${wrong}; got ${JSON.stringify(value)}`);
  return value;
}
