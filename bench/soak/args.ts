// The soak's command line: `npm run bench:soak -- [options]`. A bad flag is one line and exit 2,
// like the mock's own CLI.

const HELP = `npm run bench:soak [-- options]
  Starts the mock as \`npm start\` runs it (with a probe preloaded) and drives a mixed open-loop load,
  reporting memory, event-loop delay and outcomes every 10 s. Exit 1 if anything was unexpected: a 5xx
  or a connection error that was not forced, a non-JSON body, or another status than the one expected.
  --rate R            open-loop rate in requests/s (default 2000)
  --minutes M         how long to drive the load; fractions allowed, e.g. 0.5 (default 5)
  --advance-every S   move the mock's clock 1 h forward every S seconds (default 1), so View Tokens
                      expire and are reclaimed and the token population reaches a steady state
  --seed N            seed of the request mix (default 1)
  --json FILE         where to write the JSON (default bench/results/soak-<date>.json)
  -h, --help          this text`;

export interface SoakOptions {
  rate: number;
  minutes: number;
  advanceEverySeconds: number;
  seed: number;
  json: string;
}

/** Thrown for a bad command line; main prints its one-line message and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The options, or undefined when help was asked for (already printed). */
export function parseSoakArgs(argv: string[]): SoakOptions | undefined {
  const options: SoakOptions = { rate: 2000, minutes: 5, advanceEverySeconds: 1, seed: 1, json: '' };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] ?? '';
    const raw = (): string => {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value (see --help)`);
      return value;
    };
    const positive = (): number => {
      const value = raw();
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
        throw new UsageError(`${flag} needs a positive number; got "${value}" (see --help)`);
      return number;
    };
    if (flag === '--help' || flag === '-h') {
      console.log(HELP);
      return undefined;
    }
    if (flag === '--rate') options.rate = positive();
    else if (flag === '--minutes') options.minutes = positive();
    else if (flag === '--advance-every') options.advanceEverySeconds = positive();
    else if (flag === '--seed') options.seed = Math.round(positive());
    else if (flag === '--json') options.json = raw();
    else throw new UsageError(`unknown option "${flag}" (see --help)`);
  }
  return options;
}
