import type { LimitProbe, OpenFileLimit } from '../../mock/compose/open-file-limit';
import { planConnections, readOpenFileLimit } from '../../mock/compose/open-file-limit';

const PROC_LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 4096                 files
Max locked memory         8388608              8388608              bytes
`;
const failing = (): string => {
  throw new Error('not here');
};
const probe = (platform: NodeJS.Platform, proc: () => string, ulimit: () => string): LimitProbe => ({
  platform,
  readProcLimits: proc,
  runUlimit: ulimit,
});

test.each([
  [
    'Linux: the soft limit from /proc/self/limits',
    probe('linux', () => PROC_LIMITS, failing),
    { files: 1024, source: '/proc/self/limits' },
  ],
  [
    'Linux with no limit',
    probe('linux', () => PROC_LIMITS.replace('1024 ', 'unlimited'), failing),
    { files: Number.POSITIVE_INFINITY, source: '/proc/self/limits' },
  ],
  ['Linux without /proc', probe('linux', failing, () => '256\n'), undefined],
  [
    'macOS: ulimit -n in a child shell',
    probe('darwin', failing, () => '10240\n'),
    { files: 10_240, source: 'ulimit -n' },
  ],
  ['macOS when the shell fails', probe('darwin', failing, failing), undefined],
  ['a shell answering nonsense', probe('freebsd', failing, () => 'what\n'), undefined],
  [
    'Windows',
    probe(
      'win32',
      () => PROC_LIMITS,
      () => '1024',
    ),
    undefined,
  ],
])('the open-file limit on %s', (_label, given, expected) => {
  expect(readOpenFileLimit(given)).toEqual(expected);
});

test('this process on Linux reads a finite limit from /proc/self/limits', () => {
  if (process.platform !== 'linux') return;
  expect(readOpenFileLimit()).toEqual({ files: expect.any(Number), source: '/proc/self/limits' });
});

const LIMIT_1024: OpenFileLimit = { files: 1024, source: '/proc/self/limits' };
const limitOf = (files: number, source: OpenFileLimit['source'] = '/proc/self/limits'): OpenFileLimit => ({
  files,
  source,
});

test.each([
  [
    'no limit found',
    undefined,
    undefined,
    false,
    { maxConnections: 10_000, reason: 'the default; the open-file limit is unknown or unlimited' },
  ],
  [
    'a limit of 1024',
    undefined,
    LIMIT_1024,
    false,
    { maxConnections: 960, reason: 'open-file limit: 1024 open files (/proc/self/limits) − 64 held back = 960' },
  ],
  [
    'a limit of 1024 with --proxy',
    undefined,
    LIMIT_1024,
    true,
    {
      maxConnections: 480,
      reason:
        "open-file limit: 1024 open files (/proc/self/limits) − 64 held back, halved for --proxy's upstream sockets = 480",
    },
  ],
  [
    'a limit of 10,064 (exactly 10,000 fit)',
    undefined,
    limitOf(10_064),
    false,
    { maxConnections: 10_000, reason: 'the default' },
  ],
  [
    'a limit of 10,063',
    undefined,
    limitOf(10_063),
    false,
    { maxConnections: 9_999, reason: 'open-file limit: 10063 open files (/proc/self/limits) − 64 held back = 9999' },
  ],
  ['a limit of 1,048,576', undefined, limitOf(1_048_576), false, { maxConnections: 10_000, reason: 'the default' }],
  [
    'an unlimited limit',
    undefined,
    limitOf(Number.POSITIVE_INFINITY),
    false,
    { maxConnections: 10_000, reason: 'the default; the open-file limit is unknown or unlimited' },
  ],
  [
    'a limit below the headroom',
    undefined,
    limitOf(50, 'ulimit -n'),
    false,
    { maxConnections: 1, reason: 'open-file limit: 50 open files (ulimit -n) − 64 held back = 1' },
  ],
  [
    '--max-connections 960 at a limit of 1024',
    960,
    LIMIT_1024,
    false,
    { maxConnections: 960, reason: '--max-connections' },
  ],
  [
    '--max-connections 20000 with no limit found',
    20_000,
    undefined,
    false,
    { maxConnections: 20_000, reason: '--max-connections' },
  ],
] as [string, number | undefined, OpenFileLimit | undefined, boolean, object][])(
  'the default cap with %s',
  (_label, requested, limit, proxy, expected) => {
    expect(planConnections(requested, limit, proxy)).toEqual(expected);
  },
);

test('--max-connections one above what the limit allows is kept, with a warning naming the limit and the largest that fits', () => {
  expect(planConnections(961, LIMIT_1024, false)).toEqual({
    maxConnections: 961,
    reason: "--max-connections, above the open-file limit's 960",
    warning:
      "--max-connections 961 is more than this process's open-file limit allows: 1024 open files (/proc/self/limits) − 64 held back = 960. " +
      'Past about 960 connections accept() fails (EMFILE) and even /__admin/health stops answering; raise the limit (ulimit -n) or give --max-connections 960 or less.',
  });
});
