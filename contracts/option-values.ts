import { accessSync, closeSync, constants, openSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { ChecksVersion } from './check-versions';
import { CHECKS_VERSIONS, LATEST_CHECKS_VERSION } from './check-versions';
import { UsageError } from './usage-error';

const INT64 = /^[+-]?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The Access Token as the Authorization header will carry it: alone, no scheme, no space or control character. */
export function toAccessToken(raw: unknown, name: string): string {
  if (typeof raw !== 'string' || raw === '')
    throw new UsageError(`${name} is required: the application Access Token sent as "Authorization: Bearer <token>"`);
  if (/^bearer\s/i.test(raw))
    throw new UsageError(
      `${name} takes the token alone: drop "Bearer " (it is sent as "Authorization: Bearer <token>")`,
    );
  // eslint-disable-next-line no-control-regex -- the characters a header value cannot carry as sent
  if (/[\s\u0000-\u001f\u007f]/.test(raw))
    throw new UsageError(
      `${name} holds a space or a control character: give the token alone, as the service issued it`,
    );
  return raw;
}

/** The target's URL: http or https. */
export function toBaseUrl(raw: string | undefined): URL {
  if (raw === undefined) throw new UsageError('--base-url is required, e.g. --base-url http://127.0.0.1:4010');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url ${raw}: not a URL (expected http://host:port[/path])`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url ${raw}: not an HTTP URL (use http:// or https://)`);
  return url;
}

/** An id as the decimal string of an int64 (never through a JS number). */
export function toInt64(raw: string, flag: string): string {
  if (!INT64.test(raw)) throw new UsageError(`${flag} ${raw}: not an int64 id`);
  const value = BigInt(raw);
  if (value > INT64_MAX || value < INT64_MIN) throw new UsageError(`${flag} ${raw}: out of the int64 range`);
  return value.toString();
}

export function toTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_MS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 600_000)
    throw new UsageError(`--timeout ${raw}: milliseconds from 1 to 600000`);
  return Number(raw);
}

/**
 * `--checks-version N`: one of the known versions (default: the newest).
 * @example toChecksVersion('1', '--checks-version') // 1
 */
export function toChecksVersion(raw: string | undefined, flag: string): ChecksVersion {
  if (raw === undefined) return LATEST_CHECKS_VERSION;
  const known = CHECKS_VERSIONS.find((version) => String(version) === raw);
  if (known === undefined)
    throw new UsageError(
      `${flag} ${raw}: the known versions are ${CHECKS_VERSIONS.join(', ')} (default ${LATEST_CHECKS_VERSION})`,
    );
  return known;
}

/**
 * A report path must be writable before any request is sent: an existing file, or a new one under
 * a writable folder (the folders it names that do not exist yet are made when the report is written).
 */
export function toReportFile(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined) return undefined;
  if (raw === '') throw new UsageError(`${flag}: a file path is required`);
  const file = path.resolve(raw);
  const existing = statOrUndefined(file);
  if (existing?.isDirectory()) throw new UsageError(`${flag} ${raw}: is a directory, not a file`);
  const folder = existing ? file : nearestExisting(path.dirname(file));
  if (!existing && !statOrUndefined(folder)?.isDirectory())
    throw new UsageError(`${flag} ${raw}: cannot write it (${folder} is a file, not a folder)`);
  try {
    if (existing) accessSync(file, constants.W_OK);
    else tryCreatingIn(folder);
  } catch (error) {
    throw new UsageError(
      `${flag} ${raw}: cannot write it (${(error as NodeJS.ErrnoException).code ?? 'not writable'})`,
    );
  }
  return raw;
}

/**
 * Creates a file in the folder and removes it: the write permission bits do not say it for root, nor
 * for a file system that takes no new files (/sys, /proc), where making folders can even hang.
 */
function tryCreatingIn(folder: string): void {
  const probe = path.join(folder, `.view-token-contracts-${process.pid}-${Date.now()}.tmp`);
  closeSync(openSync(probe, 'wx'));
  unlinkSync(probe);
}

/** The folder itself, or its nearest ancestor that exists (where the missing folders would be made). */
function nearestExisting(folder: string): string {
  let at = folder;
  while (!statOrUndefined(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function statOrUndefined(file: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
