import { toFlagUsage } from '../help';
import { CALLER_RULES } from './caller-rules';
import { DIFF_FLAGS, DIFF_SYNOPSIS } from './diff-options';
import { DIFFER_PACKAGE } from './load-differ';

/** `view-token-contracts diff --help`, from the flag table the parser reads (DIFF_FLAGS). */
export function diffHelp(): string {
  return [
    'view-token-contracts diff: says which changes between two versions of a spec break callers',
    '',
    'Usage:',
    `  ${DIFF_SYNOPSIS}`,
    '',
    'OLD and NEW are OpenAPI 3.0 or 3.1 files (YAML or JSON, one file each).',
    '',
    'Options:',
    ...Object.entries(DIFF_FLAGS).map(([name, flag]) => `  ${toFlagUsage(name, flag.value).padEnd(31)}  ${flag.help}`),
    '',
    `Compared by ${DIFFER_PACKAGE.name} (an optional package: npm install ${DIFFER_PACKAGE.name}@${DIFFER_PACKAGE.range}), with these rules on top:`,
    ...CALLER_RULES.map((rule) => `  ${rule.id}: ${rule.summary}`),
    '  media types: `*/*` beside `application/json` is paired type by type (the differ pairs them by wildcard first)',
    '',
    'Exit codes: 0 no change breaks callers, 1 a change or a recorded call breaks, 2 usage error (a file missing, unreadable or not an OpenAPI 3 document; an unknown flag), or a comparison that failed.',
  ].join('\n');
}
