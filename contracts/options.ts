import type { RequestListener } from 'node:http';
import { parseArgs } from 'node:util';
import type { ChecksVersion } from './check-versions';
import { CHECKS_VERSIONS, LATEST_CHECKS_VERSION } from './check-versions';
import { withNearestFlag } from './nearest-name';
import {
  DEFAULT_TIMEOUT_MS,
  toAccessToken,
  toBaseUrl,
  toChecksVersion,
  toInt64,
  toReportFile,
  toTimeout,
} from './option-values';
import { UsageError } from './usage-error';

/** The id flags, each naming the service parameter it fills. */
export const ID_FLAGS = {
  'file-id': 'fileId',
  'integrate-id': 'integrateId',
  'child-file-id': 'childFileId',
  'compare-id': 'compareId',
  'scene-id': 'sceneId',
  'submodel-id': 'submodelId',
  'clash-detective-id': 'clashDetectiveId',
  'module-data-id': 'moduleDataId',
  'missing-id': 'missingId',
  'forbidden-file-id': 'forbiddenFileId',
} as const;

export type IdFlag = keyof typeof ID_FLAGS;
export type IdName = (typeof ID_FLAGS)[IdFlag];

/**
 * What the harness checks: a base URL, or a Node request listener / Express app run in-process
 * (on an ephemeral loopback port the run opens and closes, as supertest does).
 */
export type ContractTarget = URL | RequestListener;

/** The harness's checked options. Ids stay decimal strings, never JS numbers. */
export interface ContractOptions {
  target: ContractTarget;
  accessToken: string;
  ids: Partial<Record<IdName, string>>;
  specPath: string | undefined;
  checks: readonly string[] | 'all';
  excludeChecks: readonly string[];
  junitFile: string | undefined;
  jsonFile: string | undefined;
  sarifFile: string | undefined;
  /** An `--allow` file of violations the team accepts until a date (read, with every check named, before any request). */
  allowFile: string | undefined;
  /** The set of checks the run holds the target to. */
  checksVersion: ChecksVersion;
  timeoutMs: number;
  /** The day `--allow` dates are compared with, `YYYY-MM-DD` (UTC); default: the day the run starts. */
  today?: string | undefined;
}

export { UsageError };

/** A flag of `view-token-contracts`: its value's placeholder (none: a switch), and what `--help` and docs/reference/cli.md say of it. */
export interface ContractFlag {
  group: 'Required' | 'Object ids (int64; each enables the checks that need it)' | 'Options';
  value?: string;
  help: string;
}

const ID_FLAG_HELP = {
  'file-id': "a file the Access Token's application owns (fileId)",
  'integrate-id': 'an integrated model of that application (integrateId)',
  'child-file-id': 'a file of --integrate-id (the POST child-file operation)',
  'compare-id': 'a comparison (compareId)',
  'scene-id': 'a scene (sceneId)',
  'submodel-id': 'a sub-model (submodelId)',
  'clash-detective-id': 'a clash detection (clashDetectiveId)',
  'module-data-id': 'component data (moduleDataId)',
  'missing-id': 'an id that names no object (404 checks)',
  'forbidden-file-id': 'a file of another application (403 checks)',
} as const satisfies Record<IdFlag, string>;

/** Every flag the harness takes, in `--help` order: the parser accepts exactly these. */
export const CONTRACT_FLAGS: Readonly<Record<string, ContractFlag>> = {
  'base-url': {
    group: 'Required',
    value: 'URL',
    help: 'the implementation, e.g. http://127.0.0.1:4010 or https://host/api',
  },
  'access-token': {
    group: 'Required',
    value: 'T',
    help: 'a valid application Access Token (sent as "Authorization: Bearer T")',
  },
  ...Object.fromEntries(
    Object.entries(ID_FLAG_HELP).map(([flag, help]) => [
      flag,
      { group: 'Object ids (int64; each enables the checks that need it)', value: 'N', help },
    ]),
  ),
  spec: {
    group: 'Options',
    value: 'FILE',
    help: 'the contract, OpenAPI 3.0 or 3.1, $refs to other files allowed (default: the packaged spec/view-token.openapi.yaml)',
  },
  checks: { group: 'Options', value: 'all|a,b', help: 'run only these checks' },
  'exclude-checks': { group: 'Options', value: 'a,b', help: 'skip these checks' },
  'checks-version': {
    group: 'Options',
    value: 'N',
    help: `hold the target to the checks of version N (${CHECKS_VERSIONS.join(', ')}; default ${LATEST_CHECKS_VERSION}): upgrading the package adds no check to a pinned run`,
  },
  allow: {
    group: 'Options',
    value: 'FILE',
    help: 'violations the team accepts: a YAML or JSON list of {check, probe?, reason, until}; past until they fail again, an entry that matches nothing is reported stale',
  },
  junit: {
    group: 'Options',
    value: 'FILE',
    help: "write a JUnit XML report (each check's time; failing exchanges in <system-out>); missing folders are made",
  },
  json: {
    group: 'Options',
    value: 'FILE',
    help: 'write a JSON report (schema: contracts/report.schema.json); missing folders are made',
  },
  sarif: {
    group: 'Options',
    value: 'FILE',
    help: 'write a SARIF 2.1.0 report for code-scanning UIs (one rule per check, one result per finding); missing folders are made',
  },
  timeout: { group: 'Options', value: 'MS', help: `per request (default ${DEFAULT_TIMEOUT_MS})` },
  help: { group: 'Options', help: 'print this help (also -h)' },
  version: { group: 'Options', help: 'print the version' },
};

export type ParsedCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; options: ContractOptions };

/** Parses the command line; every problem is a UsageError naming the flag. */
export function parseContractArgs(args: readonly string[]): ParsedCommand {
  const options = Object.fromEntries(
    Object.entries(CONTRACT_FLAGS).map(([flag, { value }]) => [
      flag,
      {
        type: value === undefined ? 'boolean' : 'string',
        ...(flag === 'help' ? { short: 'h' } : {}),
      },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: options as never,
      strict: true,
      allowPositionals: false,
      tokens: true,
    });
  } catch (error) {
    throw new UsageError(`${toParseMessage((error as Error).message, args)} (see --help)`);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  refuseRepeats(parsed.tokens ?? []);
  const text = (flag: string): string | undefined => values[flag] as string | undefined;
  const target = toBaseUrl(text('base-url'));
  const accessToken = toAccessToken(text('access-token'), '--access-token');
  const ids: Partial<Record<IdName, string>> = {};
  for (const [flag, name] of Object.entries(ID_FLAGS) as [IdFlag, IdName][]) {
    const value = text(flag);
    if (value !== undefined) ids[name] = toInt64(value, `--${flag}`);
  }
  return {
    kind: 'run',
    options: {
      target,
      accessToken,
      ids,
      specPath: text('spec'),
      checks: toList(text('checks')) ?? 'all',
      excludeChecks: toList(text('exclude-checks')) ?? [],
      junitFile: toReportFile(text('junit'), '--junit'),
      jsonFile: toReportFile(text('json'), '--json'),
      sarifFile: toReportFile(text('sarif'), '--sarif'),
      allowFile: text('allow'),
      checksVersion: toChecksVersion(text('checks-version'), '--checks-version'),
      timeoutMs: toTimeout(text('timeout')),
    },
  };
}

/**
 * The parser's first line, with the flag nearest a mistyped one, and what a flag with no value most
 * often is: an empty variable left unquoted (`--access-token $TOKEN --file-id 1`).
 */
function toParseMessage(message: string, args: readonly string[]): string {
  const first = message.split('\n')[0] ?? '';
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(first);
  if (ambiguous !== null) {
    const flag = ambiguous[1] as string;
    const next = args[args.indexOf(flag) + 1];
    return `${flag} has no value: the next argument, ${next}, is a flag (an empty variable? quote it: ${flag} "$VALUE"; a value beginning with - goes as ${flag}=-VALUE)`;
  }
  const missing = /^Option '(--[\w-]+) <value>' argument missing/.exec(first);
  if (missing !== null) return `${missing[1] as string} has no value (it is the last argument)`;
  return withNearestFlag(first, Object.keys(CONTRACT_FLAGS));
}

/** A flag given twice is refused: the parser would keep the last one silently. */
function refuseRepeats(tokens: readonly { kind: string; name?: string; value?: string | undefined }[]): void {
  const given = new Map<string, (string | undefined)[]>();
  for (const token of tokens)
    if (token.kind === 'option' && token.name !== undefined)
      given.set(token.name, [...(given.get(token.name) ?? []), token.value]);
  for (const [flag, values] of given)
    if (values.length > 1) {
      // A secret is not repeated in a message. (Only --help and --version take no value: either ends the parse first.)
      const shown = flag === 'access-token' ? '' : ` (${values.join(', ')})`;
      throw new UsageError(`--${flag} is given ${values.length} times${shown}: give it once`);
    }
}

function toList(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === 'all') return undefined;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
