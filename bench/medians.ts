// Medians of repeated runs: what the bench reports for every figure it measures more than once.

/** The median of some numbers (the mean of the middle two for an even count). */
export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Each numeric field's median over the runs. */
export function medianOf<T extends object>(runs: T[]): T {
  const first = runs[0];
  if (!first) throw new Error('no runs');
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, median(runs.map((run) => Number(run[key as keyof T])))]),
  ) as T;
}
