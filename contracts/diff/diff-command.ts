import { UsageError } from '../options';
import { toSafeLine } from '../reporters/safe-text';
import { toDiffReport } from './diff-report';
import type { DiffReport } from './diff-report';
import type { DiffFormat } from './diff-options';
import { parseDiffArgs } from './diff-options';
import { diffHelp } from './diff-help';
import { toJsonDiffReport } from './json-report';
import { judgeCalls } from './judge-calls';
import type { Differ } from './load-differ';
import { DIFFER_PACKAGE, loadDiffer } from './load-differ';
import { toMarkdownReport } from './markdown-report';
import { readJournal } from './read-journal';
import { readDiffSpec } from './read-spec';
import { compareSpecs } from './spec-changes';
import { toTextReport } from './text-report';

const DIFF_EXIT = { ok: 0, breaks: 1, usage: 2 } as const;

/** Where the command writes, and how it loads the differ (tests give their own). */
export interface DiffIo {
  out: (text: string) => void;
  err: (text: string) => void;
  loadDiffer?: (() => Differ) | undefined;
}

const FORMATTERS: Record<DiffFormat, (report: DiffReport) => string> = {
  text: toTextReport,
  json: toJsonDiffReport,
  markdown: toMarkdownReport,
};

/**
 * `view-token-contracts diff OLD NEW [--journal FILE] [--format …]` (the arguments after `diff`):
 * prints the report and returns the exit code; a usage error (or a comparison that failed) is one line on stderr and 2.
 * @example process.exitCode = runDiffCommand(['old.yaml', 'new.yaml'], { out: console.log, err: console.error })
 */
export function runDiffCommand(args: readonly string[], io: DiffIo): number {
  try {
    const command = parseDiffArgs(args);
    if (command.kind === 'help') {
      io.out(diffHelp());
      return DIFF_EXIT.ok;
    }
    const { options } = command;
    const specs = {
      old: readDiffSpec({ role: 'OLD', file: options.oldSpec }),
      new: readDiffSpec({ role: 'NEW', file: options.newSpec }),
    };
    const journal = options.journal === undefined ? undefined : readJournal(options.journal);
    const differ = (io.loadDiffer ?? loadDiffer)();
    const changes = compareSpecs(differ, specs.old.document, specs.new.document);
    const verdict =
      journal === undefined
        ? undefined
        : judgeCalls({ old: specs.old.document, new: specs.new.document }, journal, changes);
    const report = toDiffReport(specs, { name: DIFFER_PACKAGE.name, version: differ.version }, changes, verdict);
    io.out(FORMATTERS[options.format](report));
    return report.breaksCallers ? DIFF_EXIT.breaks : DIFF_EXIT.ok;
  } catch (error) {
    // Not a usage error: the differ (or a rule) failed on these documents; never exit 1, which means "breaks callers".
    const message = error instanceof UsageError ? error.message : `diff could not compare the specs: ${String(error)}`;
    io.err(`view-token-contracts: ${toSafeLine(message)}`);
    return DIFF_EXIT.usage;
  }
}
