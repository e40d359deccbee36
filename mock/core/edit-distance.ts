/**
 * Edit distance between two strings: insert, delete, replace, and swap of two neighbours (`prot` →
 * `port`) each cost 1. With `max`, only the band of cells that can stay within it is computed (time
 * O(length × max), so a long path costs little) and any larger distance is reported as `max + 1`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const over = max + 1;
  const band = Math.min(Math.max(a.length, b.length), Number.isFinite(max) ? max : Infinity);
  // Three rows, reused in turn: the cells a row reads outside its band are never written, or reset below.
  let beforePrevious = new Array<number>(b.length + 1).fill(over);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => (index > band ? over : index));
  let current = new Array<number>(b.length + 1).fill(over);
  for (let i = 1; i <= a.length; i += 1) {
    const low = Math.max(1, i - band);
    current[low - 1] = low === 1 ? i : over;
    for (let j = low; j <= Math.min(b.length, i + band); j += 1) {
      const replace = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min(replace, (previous[j] as number) + 1, (current[j - 1] as number) + 1);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (beforePrevious[j - 2] as number) + 1);
      current[j] = Math.min(best, over);
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] as number, over);
}
