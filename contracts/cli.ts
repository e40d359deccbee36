#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runDiffCommand } from './diff/diff-command';
import { contractsHelp } from './help';
import { UsageError, parseContractArgs } from './options';
import { toConsoleReport } from './reporters/console-report';
import { toJsonReport } from './reporters/json-report';
import { toJUnitReport } from './reporters/junit-report';
import { UnreachableError, runContracts } from './runner';

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'diff') return runDiffCommand(argv.slice(1), { out: console.log, err: console.error });
  const command = parseContractArgs(argv);
  if (command.kind === 'help') return print(contractsHelp(version()));
  if (command.kind === 'version') return print(version());
  const { options } = command;
  const progress = (done: number, total: number, probe: { id: string }): void => {
    if (process.stderr.isTTY) process.stderr.write(`\r\u001b[Kchecking ${done}/${total} ${probe.id}`);
  };
  const report = await runContracts(options, progress);
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
  console.log(toConsoleReport(report));
  if (options.junitFile) writeReport(options.junitFile, toJUnitReport(report), '--junit');
  if (options.jsonFile) writeReport(options.jsonFile, toJsonReport(report), '--json');
  return report.totals.fail > 0 ? EXIT_FAILED : 0;
}

function writeReport(file: string, text: string, flag: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(
      `${flag} ${file}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

function print(text: string): number {
  console.log(text);
  return 0;
}

function version(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(readFileSync(path.resolve(__dirname, candidate), 'utf8')) as { version: string }).version;
    } catch {
      /* next */
    }
  }
  return 'unknown';
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof UnreachableError) {
      console.error(`view-token-contracts: ${error.message}`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    console.error(`view-token-contracts: unexpected error: ${(error as Error).message}`);
    process.exitCode = EXIT_FAILED;
  },
);
