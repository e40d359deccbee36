// docs/reference/cli.md: the two commands' flags, from the tables their parsers and --help read.
const path = require('node:path');
const { banner, code, table } = require('./markdown');

function servePart(root) {
  const { SERVE_FLAGS, toEnvName } = require(path.join(root, 'dist/mock/cli/serve-options.js'));
  const { catalogHelp } = require(path.join(root, 'dist/mock/cli/catalog-command.js'));
  const rows = Object.entries(SERVE_FLAGS).map(([name, flag]) => [
    code(`--${name}${flag.type === 'string' ? ' <value>' : ''}`),
    code(toEnvName(name)),
    'default' in flag ? code(flag.default) : '',
    flag.help,
  ]);
  return [
    '## `view-token-mock`',
    '',
    'Serves the mock (`view-token-mock [serve] [flags]`; in a clone `npm start -- [flags]`). Ctrl-C or SIGTERM drains',
    'in-flight requests and exits 0. A flag given on the command line wins over its environment variable, which wins',
    'over the default. A switch (a flag without `<value>`) is on when given, or when its variable is `true`, `1` or empty.',
    '',
    table(['Flag', 'Environment variable', 'Default', 'What it does'], rows),
    '',
    'Exit codes: 0 after a drained stop; 2 for a flag, config file or missing optional package the mock cannot start with (one line on stderr naming it); 1 for anything else.',
    '',
    '### `view-token-mock catalog`',
    '',
    '```text',
    catalogHelp(),
    '```',
  ];
}

function contractsPart(root) {
  const { CONTRACT_FLAGS } = require(path.join(root, 'dist/contracts/options.js'));
  const { EXIT_CODES_HELP, toFlagUsage } = require(path.join(root, 'dist/contracts/help.js'));
  const groups = [...new Set(Object.values(CONTRACT_FLAGS).map((flag) => flag.group))];
  return [
    '## `view-token-contracts`',
    '',
    'Checks a running implementation against `spec/view-token.openapi.yaml` (in a clone `npm run contracts -- [flags]`).',
    'Each check is listed, with the sentence of the interface document it comes from, in [harness-checks.md](harness-checks.md).',
    '',
    ...groups.flatMap((group) => [
      `${group}:`,
      '',
      table(
        ['Flag', 'What it does'],
        Object.entries(CONTRACT_FLAGS)
          .filter(([, flag]) => flag.group === group)
          .map(([name, flag]) => [code(toFlagUsage(name, flag.value)), flag.help]),
      ),
      '',
    ]),
    EXIT_CODES_HELP,
    '',
    ...diffPart(root),
  ];
}

function diffPart(root) {
  const { DIFF_FLAGS, DIFF_SYNOPSIS } = require(path.join(root, 'dist/contracts/diff/diff-options.js'));
  const { CALLER_RULES } = require(path.join(root, 'dist/contracts/diff/caller-rules.js'));
  const { toFlagUsage } = require(path.join(root, 'dist/contracts/help.js'));
  return [
    '### `view-token-contracts diff`',
    '',
    `\`${DIFF_SYNOPSIS}\`: which changes between two versions of a spec break callers, request side and response side`,
    '(needs the optional package `api-smart-diff`; see [Checking a spec change](../guides/contract-testing.md#checking-a-spec-change)).',
    '',
    table(
      ['Flag', 'What it does'],
      Object.entries(DIFF_FLAGS).map(([name, flag]) => [code(toFlagUsage(name, flag.value)), flag.help]),
    ),
    '',
    'Our rules on top of the differ (each overrules its verdict where it misjudges a change for callers):',
    '',
    table(
      ['Rule', 'What it holds'],
      CALLER_RULES.map((rule) => [code(rule.id), rule.summary]),
    ),
    '',
    'Exit codes: 0 no change breaks callers, 1 a change or a recorded call breaks, 2 usage error (or the specs could not be compared).',
  ];
}

/** The page's text. */
function cliPage(root) {
  return [
    banner(
      '`mock/cli/serve-options.ts` (SERVE_FLAGS), `mock/cli/catalog-command.ts` and `contracts/options.ts` (CONTRACT_FLAGS), `contracts/diff/diff-options.ts` (DIFF_FLAGS) and `contracts/diff/caller-rules.ts`, the tables `--help` prints',
    ),
    '',
    '# Command line',
    '',
    ...servePart(root),
    '',
    ...contractsPart(root),
    '',
  ].join('\n');
}

module.exports = { cliPage };
