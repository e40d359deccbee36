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
