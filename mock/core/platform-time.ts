/**
 * The platform's `yyyy-MM-dd HH:mm:ss`, which carries no zone: SDKs read it in their machine's local
 * zone, so the mock writes it in a configured IANA zone (the composition root passes the process's).
 */
export type PlatformTimeFormat = (ms: number) => string;

export type TimeZoneCheck = { kind: 'ok'; timeZone: string } | { kind: 'invalid'; reason: string };

/** Whether `timeZone` is an IANA zone name this runtime knows (e.g. `Asia/Shanghai`, `UTC`). */
export function checkTimeZone(timeZone: string): TimeZoneCheck {
  if (timeZone.trim() === '')
    return { kind: 'invalid', reason: 'expected an IANA time zone name such as UTC or Asia/Shanghai' };
  try {
    return { kind: 'ok', timeZone: new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone };
  } catch {
    return { kind: 'invalid', reason: 'not an IANA time zone name (e.g. UTC, Europe/Berlin, Asia/Shanghai)' };
  }
}

/**
 * A formatter of instants as the platform writes them, in `timeZone`.
 * @example createPlatformTimeFormat('Asia/Shanghai')(0) // '1970-01-01 08:00:00'
 */
export function createPlatformTimeFormat(timeZone: string): PlatformTimeFormat {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (ms) => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
    const year = (parts.year ?? '').padStart(4, '0');
    return `${year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
