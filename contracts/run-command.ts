import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exitCodeOf } from './exit-codes';
import { contractsHelp } from './help';
import { parseContractArgs } from './options';
import { packageVersion } from './package-version';
import { toConsoleReport } from './reporters/console-report';
import { toGitHubAnnotations } from './reporters/github-annotations';
import { toJsonReport } from './reporters/json-report';
import { toJUnitReport } from './reporters/junit-report';
import { toSarifReport } from './reporters/sarif-report';
import { runContracts } from './runner';
import { UsageError } from './usage-error';

/**
 * `view-token-contracts --base-url URL --access-token T [ids] [options]`: runs the checks, prints the
 * report (and GitHub annotations under GitHub Actions), writes the report files, and resolves with
 * the exit code (0, 1 or 3; a UsageError, before any request, is 2).
 */
export async function runCommand(argv: readonly string[]): Promise<number> {
  const command = parseContractArgs(argv);
  if (command.kind === 'help') return print(contractsHelp(packageVersion()));
  if (command.kind === 'version') return print(packageVersion());
  const { options } = command;
  const progress = (done: number, total: number, probe: { id: string }): void => {
    if (process.stderr.isTTY) process.stderr.write(`\r\u001b[Kchecking ${done}/${total} ${probe.id}`);
  };
  const report = await runContracts(options, progress);
  if (process.stderr.isTTY) process.stderr.write('\r\u001b[K');
  console.log(toConsoleReport(report));
  if (process.env.GITHUB_ACTIONS === 'true') console.log(toGitHubAnnotations(report).join('\n'));
  if (options.junitFile) writeReport(options.junitFile, toJUnitReport(report), '--junit');
  if (options.jsonFile) writeReport(options.jsonFile, toJsonReport(report), '--json');
  if (options.sarifFile) writeReport(options.sarifFile, toSarifReport(report, packageVersion()), '--sarif');
  return exitCodeOf(report.outcome);
}

/** Writes a report, making the folders its path names. */
function writeReport(file: string, text: string, flag: string): void {
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
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
