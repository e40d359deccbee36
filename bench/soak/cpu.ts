// Who used the CPUs during each report interval: the mock, and everything else but the soak's own
// load generator. The machine may be shared (another engineer's test run); delays measured while
// others were busy are not the mock's alone, so each row says how busy they were. Linux /proc only.
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc times are in 1/100 s on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

interface Reading {
  atMs: number;
  busyTicks: number;
  mockTicks: number;
  selfMicros: number;
}

export interface CpuShares {
  /** The mock process, in % of one CPU. */
  mockPercent: number;
  /** Every other process except this one (the load generator), in % of one CPU. */
  othersPercent: number;
}

function read(pid: number): Reading | undefined {
  try {
    // cpu user nice system idle iowait irq softirq steal …: busy is everything but idle and iowait.
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const busyTicks = fields.reduce((sum, value) => sum + value, 0) - (fields[3] ?? 0) - (fields[4] ?? 0);
    // /proc/<pid>/stat: fields after the ")" that ends the command name; utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const mockTicks = Number(after[11]) + Number(after[12]);
    const self = process.cpuUsage();
    return { atMs: performance.now(), busyTicks, mockTicks, selfMicros: self.user + self.system };
  } catch {
    return undefined;
  }
}

/** Call once per interval: the shares since the previous call (undefined the first time, or off Linux). */
export function createCpuMeter(mockPid: number): () => CpuShares | undefined {
  let previous = read(mockPid);
  return () => {
    const now = read(mockPid);
    const before = previous;
    previous = now;
    if (!now || !before) return undefined;
    const seconds = (now.atMs - before.atMs) / 1000;
    const mockSeconds = (now.mockTicks - before.mockTicks) / TICKS_PER_SECOND;
    const selfSeconds = (now.selfMicros - before.selfMicros) / 1e6;
    const busySeconds = (now.busyTicks - before.busyTicks) / TICKS_PER_SECOND;
    return {
      mockPercent: (100 * mockSeconds) / seconds,
      othersPercent: Math.max(0, (100 * (busySeconds - mockSeconds - selfSeconds)) / seconds),
    };
  };
}
