// What `view-token-contracts --help` and `diff --help` print, in-process (the built CLI's tests print
// them where no mutant is active): the usage, each group of flags aligned, the checks, the exit codes.
import { CHECKS } from '../../contracts/checks';
import { CALLER_RULES } from '../../contracts/diff/caller-rules';
import { diffHelp } from '../../contracts/diff/diff-help';
import { EXIT_CODES_HELP, contractsHelp } from '../../contracts/help';

test('--help: the version, the two usages, the flags by group with their values aligned, every check, the exit codes last', () => {
  const lines = contractsHelp('1.2.3').split('\n');
  expect(lines.slice(0, 10)).toEqual([
    'view-token-contracts 1.2.3: checks an implementation of the View Token Issuing Service against its contract',
    '',
    'Usage:',
    '  view-token-contracts --base-url URL --access-token T [ids] [options]',
    '  view-token-contracts diff OLD NEW [--journal FILE] [--format text|json|markdown]   (which changes break callers: diff --help)',
    '',
    'Required:',
    '  --base-url URL             the implementation, e.g. http://127.0.0.1:4010 or https://host/api',
    '  --access-token T           a valid application Access Token (sent as "Authorization: Bearer T")',
    '',
  ]);
  expect(lines.filter((line) => line.endsWith(':') && !line.startsWith(' '))).toEqual([
    'Usage:',
    'Required:',
    'Object ids (int64; each enables the checks that need it):',
    'Options:',
    'Checks:',
  ]);
  expect(lines).toContain('  --clash-detective-id N     a clash detection (clashDetectiveId)');
  expect(lines).toContain('  --help                     print this help (also -h)');
  const checks = lines.slice(lines.indexOf('Checks:') + 1, lines.indexOf('Checks:') + 1 + CHECKS.length);
  expect(checks[0]).toBe(
    '  response_schema_conformance        every answer with a documented status has the body the spec declares for that status (none declared: any body)',
  );
  expect(checks.map((line) => line.slice(2, 35).trimEnd())).toEqual(CHECKS.map((check) => check.name));
  expect(lines.slice(-2)).toEqual(['', EXIT_CODES_HELP]);
  expect(EXIT_CODES_HELP).toBe(
    'Exit codes: 0 the contract holds (no check failed), 1 a contract defect found, 2 a usage error (nothing sent), 3 the target could not be used (nothing judged); 4 the harness itself failed.',
  );
});

test('diff --help: the usage, the flags aligned, the differ and how to install it, our rules on top, the exit codes', () => {
  const lines = diffHelp().split('\n');
  expect(lines.slice(0, 9)).toEqual([
    'view-token-contracts diff: says which changes between two versions of a spec break callers',
    '',
    'Usage:',
    '  view-token-contracts diff OLD NEW [--journal FILE] [--format text|json|markdown]',
    '',
    'OLD and NEW are OpenAPI 3.0 or 3.1 files (YAML or JSON, one file each).',
    '',
    'Options:',
    expect.stringMatching(/^ {2}--journal FILE {19}also name the recorded calls the change breaks/) as unknown,
  ]);
  expect(lines).toContain(
    '  --format text|json|markdown      how to print the report (default text; markdown fits a pull-request comment)',
  );
  const rules = CALLER_RULES.map((rule) => `  ${rule.id}: ${rule.summary}`);
  expect(lines.slice(-(rules.length + 5))).toEqual([
    '',
    'Compared by api-smart-diff (an optional package: npm install api-smart-diff@^1.0.6), with these rules on top:',
    ...rules,
    '  media types: `*/*` beside `application/json` is paired type by type (the differ pairs them by wildcard first)',
    '',
    'Exit codes: 0 no change breaks callers, 1 a change or a recorded call breaks, 2 usage error (a file missing, unreadable or not an OpenAPI 3 document; an unknown flag), or a comparison that failed.',
  ]);
  expect(rules).toContain(
    '  deprecated-still-served: a deprecation does not break callers yet: the operation or field is still served',
  );
  expect(lines.at(-1)).toBe(
    'Exit codes: 0 no change breaks callers, 1 a change or a recorded call breaks, 2 usage error (a file missing, unreadable or not an OpenAPI 3 document; an unknown flag), or a comparison that failed.',
  );
});
