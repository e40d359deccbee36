#!/usr/bin/env node
import { runDiffCommand } from './diff/diff-command';
import { EXIT_CODES, EXIT_INTERNAL_ERROR } from './exit-codes';
import { runCommand } from './run-command';
import { UsageError } from './usage-error';

/** A subcommand takes the words after its name and resolves with the exit code; a UsageError is exit code 2. */
type Subcommand = (args: readonly string[]) => Promise<number>;

/** The subcommands, by their first word; without one, the words are a run against a target (`--base-url ...`). */
const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  diff: (args) => Promise.resolve(runDiffCommand(args, { out: console.log, err: console.error })),
};

function main(argv: readonly string[]): Promise<number> {
  const [first = '', ...rest] = argv;
  const subcommand = SUBCOMMANDS[first];
  return subcommand ? subcommand(rest) : runCommand(argv);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`view-token-contracts: ${error.message}`);
      process.exitCode = EXIT_CODES.usage;
      return;
    }
    console.error(`view-token-contracts: internal error (in the harness, not the target): ${(error as Error).stack}`);
    process.exitCode = EXIT_INTERNAL_ERROR;
  },
);
