import { CHECKS } from './checks';
import { DIFF_SYNOPSIS } from './diff/diff-options';
import { CONTRACT_FLAGS } from './options';

/**
 * The exit codes as --help and docs/reference/cli.md give them.
 * @public (scripts/reference/cli-page.js reads it from dist/)
 */
export const EXIT_CODES_HELP =
  'Exit codes: 0 the contract holds (no check failed), 1 a contract defect found, 2 a usage error (nothing sent), 3 the target could not be used (nothing judged); 4 the harness itself failed.';

/** One flag as `--help` shows it: `  --flag VALUE` padded, then what it does. */
export function toFlagUsage(flag: string, value: string | undefined): string {
  return `--${flag}${value === undefined ? '' : ` ${value}`}`;
}

/** `view-token-contracts --help`, from the flag table the parser reads (CONTRACT_FLAGS). */
export function contractsHelp(version: string): string {
  const groups = [...new Set(Object.values(CONTRACT_FLAGS).map((flag) => flag.group))];
  const flagLines = groups.flatMap((group) => [
    `${group}:`,
    ...Object.entries(CONTRACT_FLAGS)
      .filter(([, flag]) => flag.group === group)
      .map(([name, flag]) => `  ${toFlagUsage(name, flag.value).padEnd(25)}  ${flag.help}`),
    '',
  ]);
  const width = Math.max(...CHECKS.map(({ name }) => name.length));
  return [
    `view-token-contracts ${version}: checks an implementation of the View Token Issuing Service against its contract`,
    '',
    'Usage:',
    '  view-token-contracts --base-url URL --access-token T [ids] [options]',
    `  ${DIFF_SYNOPSIS}   (which changes break callers: diff --help)`,
    '',
    ...flagLines,
    'Checks:',
    ...CHECKS.map((check) => `  ${check.name.padEnd(width)}  ${check.summary}`),
    '',
    EXIT_CODES_HELP,
  ].join('\n');
}
