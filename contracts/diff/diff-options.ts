import { parseArgs } from 'node:util';
import { nearestName, withNearestFlag } from '../nearest-name';
import { UsageError } from '../options';

/** The synopsis of the subcommand, as `view-token-contracts --help` and docs/reference/cli.md show it. */
export const DIFF_SYNOPSIS = 'view-token-contracts diff OLD NEW [--journal FILE] [--format text|json|markdown]';

/** The output formats of `view-token-contracts diff`. */
const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** A flag of `view-token-contracts diff`: its value's placeholder (none: a switch), and what `--help` and docs/reference/cli.md say of it. */
export interface DiffFlag {
  value?: string;
  help: string;
}

/** Every flag `diff` takes, in `--help` order: the parser accepts exactly these. */
export const DIFF_FLAGS: Readonly<Record<string, DiffFlag>> = {
  journal: {
    value: 'FILE',
    help: "also name the recorded calls the change breaks: the mock's journal (the JSON of GET /__admin/requests) or a file --record wrote",
  },
  format: {
    value: DIFF_FORMATS.join('|'),
    help: 'how to print the report (default text; markdown fits a pull-request comment)',
  },
  help: { help: 'print this help (also -h)' },
};

interface DiffOptions {
  oldSpec: string;
  newSpec: string;
  journal: string | undefined;
  format: DiffFormat;
}

export type ParsedDiffCommand = { kind: 'help' } | { kind: 'diff'; options: DiffOptions };

/** Parses `diff OLD NEW [flags]` (the arguments after `diff`); every problem is a UsageError naming the flag or argument. */
export function parseDiffArgs(args: readonly string[]): ParsedDiffCommand {
  const options = Object.fromEntries(
    Object.entries(DIFF_FLAGS).map(([flag, { value }]) => [
      flag,
      { type: value === undefined ? 'boolean' : 'string', ...(flag === 'help' ? { short: 'h' } : {}) },
    ]),
  );
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options: options as never, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(
      `diff: ${withNearestFlag((error as Error).message.split('\n')[0] ?? '', Object.keys(DIFF_FLAGS))} (see diff --help)`,
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [oldSpec, newSpec, ...extra] = positionals;
  if (oldSpec === undefined || newSpec === undefined)
    throw new UsageError('diff needs two spec files: view-token-contracts diff OLD NEW (see diff --help)');
  if (extra.length > 0)
    throw new UsageError(`diff takes two spec files, OLD and NEW; also given: ${extra.join(' ')} (see diff --help)`);
  const journal = values.journal as string | undefined;
  if (journal === '') throw new UsageError('diff --journal: a file path is required');
  return {
    kind: 'diff',
    options: { oldSpec, newSpec, journal, format: toFormat(values.format as string | undefined) },
  };
}

function toFormat(raw: string | undefined): DiffFormat {
  if (raw === undefined) return 'text';
  if ((DIFF_FORMATS as readonly string[]).includes(raw)) return raw as DiffFormat;
  const nearest = nearestName(raw, DIFF_FORMATS);
  const hint = nearest === undefined ? '' : `; did you mean ${nearest}?`;
  throw new UsageError(`diff --format ${raw}: not a format (allowed: ${DIFF_FORMATS.join(', ')})${hint}`);
}
