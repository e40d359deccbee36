import leven from 'leven';

/**
 * The known name a mistyped one was probably meant to be (`acess-token` → `access-token`), or
 * undefined when none is close: at most two edits, or a quarter of the name for longer ones.
 * @example nearestName('acess-token', ['access-token', 'base-url']) // 'access-token'
 */
export function nearestName(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = leven(given.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(best.name.length / 4)) ? best.name : undefined;
}

/**
 * Node's parseArgs error for an unknown flag as one line naming the flag probably meant:
 * "Unknown option '--jurnal'; did you mean --journal?". The hint Node adds where a command takes
 * positional arguments ("To specify a positional argument starting with a '-', …") is dropped.
 * @example withNearestFlag("Unknown option '--acess-token'", ['access-token']) // "…; did you mean --access-token?"
 */
export function withNearestFlag(message: string, flags: readonly string[]): string {
  // Long flags only: an unknown short one (`-x`) is one letter, near no flag.
  const unknown = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
  const nearest = unknown === undefined ? undefined : nearestName(unknown, flags);
  const first = message.replace(/\. To specify a positional argument.*/, '');
  return nearest === undefined ? first : `${first}; did you mean --${nearest}?`;
}
