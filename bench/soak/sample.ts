// What the probe inside the mock reports and how the soak reads it back. Kept apart from
// probe.ts because importing that file would start a probe in the importing process.

/** Marks the probe's lines on the mock's stderr, so they are told apart from the mock's own output. */
export const PROBE_PREFIX = 'soak-probe ';
/** One sample per report row. */
export const PROBE_INTERVAL_MS = 10_000;

/** One probe sample: the mock process's memory now, and its event-loop delay (how late a 1 ms timer ran) since the previous sample. */
export interface ProbeSample {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  delayMeanMs: number;
}

/** The sample on one stderr line of the mock, or undefined for any other line. */
export function fromProbeLine(line: string): ProbeSample | undefined {
  if (!line.startsWith(PROBE_PREFIX)) return undefined;
  try {
    return JSON.parse(line.slice(PROBE_PREFIX.length)) as ProbeSample;
  } catch {
    return undefined;
  }
}
