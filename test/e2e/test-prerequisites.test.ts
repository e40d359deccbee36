// `npm test` starts with scripts/test-prerequisites.js: on a machine without Redis or Chromium it installs
// them (root with apt-get) or stops at once with the one command to type. The install itself is shown
// by CI on a fresh machine; here, what a developer without root or apt-get reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../../scripts/test-prerequisites.js');

/** Runs the script with PATH holding nothing (no redis-server, redis-cli or apt-get) and the given Chromium. */
function runWithNothingInstalled(chromium: string): { status: number | null; stdout: string; stderr: string } {
  const empty = mkdtempSync(path.join(tmpdir(), 'vtm-empty-path-'));
  try {
    const result = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: empty, CHROMIUM_PATH: chromium },
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

test('with nothing installed and no apt-get, it stops at once naming what is missing and the one command to type', () => {
  expect(runWithNothingInstalled('/nonexistent/chromium')).toEqual({
    status: 1,
    stdout: '',
    stderr:
      'npm test needs redis-server, redis-cli, Chromium (/nonexistent/chromium), openssl. Install with:\n' +
      '  sudo apt-get install -y redis-server redis-tools chromium openssl\n' +
      '(or set CHROMIUM_PATH to a Chromium you have)\n',
  });
});

test('a Chromium that is there is not asked for', () => {
  expect(runWithNothingInstalled(process.execPath)).toEqual({
    status: 1,
    stdout: '',
    stderr:
      'npm test needs redis-server, redis-cli, openssl. Install with:\n  sudo apt-get install -y redis-server redis-tools openssl\n',
  });
});
