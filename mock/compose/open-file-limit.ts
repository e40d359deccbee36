import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_CONNECTIONS } from '../http/connection-guard';

/**
 * File descriptors kept back from the open-file limit for everything but client connections: Node's
 * own (~20 at start: stdio, epoll, eventfds, pipes), the listening socket, the state file (its log, a
 * snapshot being written, the directory), Redis (one connection per node of a cluster), log
 * destinations, and a margin.
 */
const FILE_DESCRIPTOR_HEADROOM = 64;

/** This process's open-file limit (RLIMIT_NOFILE, soft) and where it was read; `files` may be Infinity. */
export interface OpenFileLimit {
  files: number;
  source: '/proc/self/limits' | 'ulimit -n';
}

/** How the limit is read; replaced in tests. */
export interface LimitProbe {
  platform: NodeJS.Platform;
  readProcLimits(): string;
  runUlimit(): string;
}

const SYSTEM: LimitProbe = {
  platform: process.platform,
  readProcLimits: () => readFileSync('/proc/self/limits', 'utf8'),
  // A child inherits the limits, including the soft limit Node raised to the hard one at start.
  runUlimit: () =>
    execFileSync('/bin/sh', ['-c', 'ulimit -n'], {
      encoding: 'utf8',
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
};

/**
 * Node has no getrlimit: on Linux the soft limit is read from /proc/self/limits, on other POSIX
 * systems from `sh -c 'ulimit -n'`; undefined where neither works (Windows, where a process has no
 * such small limit on sockets).
 * @example readOpenFileLimit() // { files: 1024, source: '/proc/self/limits' } under `ulimit -n 1024`
 */
export function readOpenFileLimit(probe: LimitProbe = SYSTEM): OpenFileLimit | undefined {
  try {
    if (probe.platform === 'linux') {
      const soft = /^Max open files\s+(\S+)/m.exec(probe.readProcLimits())?.[1];
      return soft === undefined ? undefined : { files: toFiles(soft), source: '/proc/self/limits' };
    }
    if (probe.platform === 'win32') return undefined;
    return { files: toFiles(probe.runUlimit().trim()), source: 'ulimit -n' };
  } catch {
    return undefined;
  }
}

function toFiles(text: string): number {
  if (text === 'unlimited') return Number.POSITIVE_INFINITY;
  if (!/^\d+$/.test(text)) throw new Error(`not a limit: ${text}`);
  return Number(text);
}

/** The connection cap to use, and a warning when the one asked for is more than the open-file limit allows. */
export interface ConnectionPlan {
  maxConnections: number;
  /** Where the figure comes from, for the start banner. */
  reason: string;
  warning?: string;
}

/**
 * `--max-connections`: by default 10,000, or fewer when the open-file limit would not hold them
 * (limit − FILE_DESCRIPTOR_HEADROOM; half of that with --proxy, where each forwarded request holds a
 * socket to the upstream too). A larger value asked for is kept, with a warning naming the limit:
 * past it accept() fails (EMFILE) and even /__admin/health stops answering.
 * @example planConnections(undefined, { files: 1024, source: '/proc/self/limits' }, false) // { maxConnections: 960 }
 */
export function planConnections(
  requested: number | undefined,
  limit: OpenFileLimit | undefined,
  proxy: boolean,
): ConnectionPlan {
  const given = '--max-connections';
  if (limit === undefined || !Number.isFinite(limit.files)) {
    return requested === undefined
      ? { maxConnections: DEFAULT_MAX_CONNECTIONS, reason: 'the default; the open-file limit is unknown or unlimited' }
      : { maxConnections: requested, reason: given };
  }
  const held = FILE_DESCRIPTOR_HEADROOM;
  const fitting = Math.max(1, Math.floor((limit.files - held) / (proxy ? 2 : 1)));
  const halved = proxy ? ", halved for --proxy's upstream sockets" : '';
  const how = `${limit.files} open files (${limit.source}) − ${held} held back${halved} = ${fitting}`;
  if (requested === undefined) {
    return fitting < DEFAULT_MAX_CONNECTIONS
      ? { maxConnections: fitting, reason: `open-file limit: ${how}` }
      : { maxConnections: DEFAULT_MAX_CONNECTIONS, reason: 'the default' };
  }
  if (requested <= fitting) return { maxConnections: requested, reason: given };
  return {
    maxConnections: requested,
    reason: `${given}, above the open-file limit's ${fitting}`,
    warning:
      `--max-connections ${requested} is more than this process's open-file limit allows: ${how}. ` +
      `Past about ${fitting} connections accept() fails (EMFILE) and even /__admin/health stops answering; ` +
      `raise the limit (ulimit -n) or give --max-connections ${fitting} or less.`,
  };
}
