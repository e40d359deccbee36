import type { RequestListener } from 'node:http';
import { nearestName } from './nearest-name';
import type { ContractOptions, IdFlag, IdName } from './options';
import { ID_FLAGS, UsageError } from './options';
import { toAccessToken, toBaseUrl, toChecksVersion, toInt64, toTimeout } from './option-values';

/** The harness's options as a library caller writes them; checked as the CLI checks its flags. */
export interface ContractInput {
  /** A base URL (`http://127.0.0.1:4010`), or a Node request listener / Express app, run in-process. */
  target: string | URL | RequestListener;
  /** A valid application Access Token, sent as `Authorization: Bearer <token>`. */
  accessToken: string;
  /** Object ids (int64): decimal strings or bigints; a number only where it is a safe integer. */
  ids?: Partial<Record<IdName, string | bigint | number>>;
  /** The contract (default: the packaged spec/view-token.openapi.yaml). */
  spec?: string;
  checks?: readonly string[];
  excludeChecks?: readonly string[];
  /** An allow-list file (YAML or JSON) of violations the team accepts until a date, as `--allow` takes it. */
  allow?: string;
  /** Hold the target to the checks of this version only (default: the newest), as `--checks-version`. */
  checksVersion?: number;
  /** Per request, in milliseconds (default 10000). */
  timeoutMs?: number;
}

const FLAG_OF = Object.fromEntries(Object.entries(ID_FLAGS).map(([flag, name]) => [name, flag])) as Record<
  IdName,
  IdFlag
>;

/**
 * Checks a library caller's options: every mistake is a UsageError naming the option and what is allowed.
 * @example const options = toContractOptions({ target: app, accessToken: 'ci-token', ids: { fileId: '1' } });
 */
export function toContractOptions(input: ContractInput): ContractOptions {
  const target =
    typeof input.target === 'function'
      ? input.target
      : asOption('--base-url', 'target', () => toBaseUrl(String(input.target)));
  const accessToken = toAccessToken(input.accessToken, 'accessToken');
  const ids: Partial<Record<IdName, string>> = {};
  for (const [name, value] of Object.entries(input.ids ?? {}) as [string, string | bigint | number | undefined][]) {
    if (!(name in FLAG_OF)) {
      const nearest = nearestName(name, Object.keys(FLAG_OF));
      throw new UsageError(
        `ids.${name}: unknown id${nearest === undefined ? '' : `; did you mean ${nearest}?`} (known: ${Object.keys(FLAG_OF).join(', ')})`,
      );
    }
    if (value === undefined) continue;
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new UsageError(`ids.${name} ${value}: not a safe integer; give int64 ids as strings or bigints`);
    ids[name as IdName] = toInt64(String(value), `ids.${name}`);
  }
  return {
    target,
    accessToken,
    ids,
    specPath: input.spec,
    checks: input.checks ?? 'all',
    excludeChecks: input.excludeChecks ?? [],
    junitFile: undefined,
    jsonFile: undefined,
    sarifFile: undefined,
    allowFile: input.allow,
    checksVersion: asOption('--checks-version', 'checksVersion', () =>
      toChecksVersion(input.checksVersion === undefined ? undefined : String(input.checksVersion), '--checks-version'),
    ),
    timeoutMs: asOption('--timeout', 'timeoutMs', () =>
      toTimeout(input.timeoutMs === undefined ? undefined : String(input.timeoutMs)),
    ),
  };
}

/** The CLI's check of a value, its message naming the library option instead of the flag. */
function asOption<T>(flag: string, option: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof UsageError ? new UsageError(error.message.replace(flag, option)) : error;
  }
}
