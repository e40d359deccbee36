import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `view-token-contracts diff` through the built bin (dist/contracts/cli.js, built before Jest runs): the
// bin dispatches the subcommand and exits with its code. The command itself is tested in-process in
// diff-command.test.ts; this file runs in a process of its own, so the mutation run leaves it out.

const BASE = path.resolve(__dirname, 'fixtures/diff/base.yaml');
const CONTRACTS_CLI = path.resolve(__dirname, '../../dist/contracts/cli.js');
const fixture = (name: string) => path.resolve(__dirname, 'fixtures/diff', name, 'new.yaml');

test('the built bin dispatches `diff` and exits with its code (1 here), printing to stdout', () => {
  const ran = spawnSync(process.execPath, [CONTRACTS_CLI, 'diff', BASE, fixture('response-status-removed')], {
    encoding: 'utf8',
  });
  expect([ran.status, ran.stderr, ran.stdout.split('\n')[1]]).toEqual([
    1,
    '',
    'BREAKS CALLERS: 1 change breaks callers (0 request, 1 response); 0 do not; 1 documentation only.',
  ]);
});

test('the built bin: a usage error is one line on stderr and exit 2; --help names the subcommand', () => {
  const ran = spawnSync(process.execPath, [CONTRACTS_CLI, 'diff', BASE], { encoding: 'utf8' });
  expect([ran.status, ran.stdout, ran.stderr]).toEqual([
    2,
    '',
    'view-token-contracts: diff needs two spec files: view-token-contracts diff OLD NEW (see diff --help)\n',
  ]);
  const help = spawnSync(process.execPath, [CONTRACTS_CLI, '--help'], { encoding: 'utf8' });
  expect(help.stdout).toContain(
    '\n  view-token-contracts diff OLD NEW [--journal FILE] [--format text|json|markdown]   (which changes break callers: diff --help)\n',
  );
});
