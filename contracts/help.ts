import { CHECKS } from './checks';
import { DEFAULT_TIMEOUT_MS } from './options';

/** `view-token-contracts --help`. */
export function contractsHelp(version: string): string {
  return [
    `view-token-contracts ${version}: checks an implementation of the View Token Issuing Service against its contract`,
    '',
    'Usage:',
    '  view-token-contracts --base-url URL --access-token T [ids] [options]',
    '',
    'Required:',
    '  --base-url URL             the implementation, e.g. http://127.0.0.1:4010 or https://host/api',
    '  --access-token T           a valid application Access Token (sent as "Authorization: Bearer T")',
    '',
    'Object ids (int64; each enables the checks that need it):',
    '  --file-id N  --integrate-id N  --compare-id N  --scene-id N  --submodel-id N',
    '  --clash-detective-id N  --module-data-id N',
    '  --child-file-id N          a file of --integrate-id (the POST child-file operation)',
    '  --missing-id N             an id that names no object (404 checks)',
    '  --forbidden-file-id N      a file of another application (403 checks)',
    '',
    'Options:',
    '  --spec FILE                the contract, OpenAPI 3.0 or 3.1, $refs to other files allowed',
    '                             (default: the packaged spec/view-token.openapi.yaml)',
    '  --checks all|a,b           run only these checks',
    '  --exclude-checks a,b       skip these checks',
    '  --junit FILE               write a JUnit XML report (each check\'s time; failing exchanges in <system-out>)',
    '  --json FILE                write a JSON report (schema: contracts/report.schema.json)',
    `  --timeout MS               per request (default ${DEFAULT_TIMEOUT_MS})`,
    '  --help, --version',
    '',
    'Checks:',
    ...CHECKS.map((check) => `  ${check.name.padEnd(Math.max(...CHECKS.map(({ name }) => name.length)))}  ${check.summary}`),
    '',
    'Exit codes: 0 conformant, 1 a check failed, 2 usage error or target unreachable.',
  ].join('\n');
}
