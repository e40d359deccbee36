import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

afterEach(killStartedClis);

const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('the CLI started on port 0 prints its URLs, answers, and exits 0 on SIGTERM', async () => {
  const cli = await startCli(['--port', '0', '--seed', '3', '--log-level', 'warn']);
  expect(cli.output()).toContain(`admin API: ${cli.baseUrl}/__admin `);
  expect(cli.output()).toContain(`dashboard: ${cli.baseUrl}/__admin/ui `);
  expect(cli.output()).toContain('\n  store: memory (this process only; gone when it stops)\n');
  expect(((await (await fetch(`${cli.baseUrl}/__admin/health`)).json()) as { store: unknown }).store).toEqual({
    kind: 'memory',
  });
  expect((await fetch(`${cli.baseUrl}/__admin/ui`)).status).toBe(200);
  const res = await fetch(`${cli.baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer x' } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: string };
  expect(body.data).toMatch(/^[0-9a-f]{32}$/);
  expect(await cli.stop('SIGTERM')).toBe(0);
});

test('the same --seed gives the same tokens in two processes', async () => {
  const tokens: string[] = [];
  for (const _run of [1, 2]) {
    const cli = await startCli(['serve', '--port', '0', '--seed', '99', '--log-level', 'silent']);
    const res = await fetch(`${cli.baseUrl}/view/token?sceneId=5`, { headers: { Authorization: 'Bearer x' } });
    tokens.push(((await res.json()) as { data: string }).data);
    expect(await cli.stop('SIGINT')).toBe(0);
  }
  expect(tokens[0]).toBe(tokens[1]);
});

test('flags can come from VIEW_TOKEN_MOCK_* environment variables', async () => {
  const cli = await startCli([], {
    VIEW_TOKEN_MOCK_PORT: '0',
    VIEW_TOKEN_MOCK_BASE_PATH: '/api',
    VIEW_TOKEN_MOCK_LOG_LEVEL: 'silent',
  });
  expect(cli.baseUrl).toMatch(/\/api$/);
  const res = await fetch(`${cli.baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer x' } });
  expect(res.status).toBe(200);
  await cli.stop();
});

test('a config file with missing and forbidden ids is applied', async () => {
  const file = path.join(scratch, 'config.json');
  writeFileSync(file, JSON.stringify({ missing: { fileId: ['11'] }, forbidden: { fileId: ['12'] } }));
  const cli = await startCli(['--port', '0', '--config', file, '--log-level', 'silent']);
  const status = async (id: string) =>
    (await fetch(`${cli.baseUrl}/view/token?fileId=${id}`, { headers: { Authorization: 'Bearer x' } })).status;
  expect([await status('11'), await status('12'), await status('13')]).toEqual([404, 403, 200]);
  await cli.stop();
});

test('--help and --version answer and exit 0', () => {
  const help = runCli(['--help']);
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('--view-token-ttl');
  expect(runCli(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
});

test.each([
  [['--bogus'], /^view-token-mock: Unknown option '--bogus'[^;]* \(see --help\)$/m],
  [['--prot', '3'], /^view-token-mock: Unknown option '--prot'.*; did you mean --port\? \(see --help\)$/m],
  [['--redis-timout', '2s'], /Unknown option '--redis-timout'.*; did you mean --redis-timeout\?/m],
  [['--port', 'abc'], /--port abc: expected an integer/],
  [['--port', '-1'], /^view-token-mock: --port -1: expected an integer from 0 to 65535$/m],
  [['--port=-1'], /^view-token-mock: --port -1: expected an integer from 0 to 65535$/m],
  [['--port', '65536'], /^view-token-mock: --port 65536: expected an integer from 0 to 65535$/m],
  [['--seed', '-1'], /^view-token-mock: --seed -1: expected an integer from 0 to 4294967295$/m],
  [
    ['--view-token-ttl', '-5m'],
    /^view-token-mock: --view-token-ttl -5m: must be longer than 0; allowed: a duration longer than 0 \(e\.g\. 12h, 90m, 1d, PT12H, or milliseconds\)$/m,
  ],
  [
    ['--view-token-ttl', '0'],
    /^view-token-mock: --view-token-ttl 0: must be longer than 0; allowed: a duration longer than 0 \(e\.g\. 12h/m,
  ],
  [
    ['--cors-origin', 'localhost:5173'],
    /^view-token-mock: --cors-origin localhost:5173: not an origin; use scheme:\/\/host\[:port\]/m,
  ],
  [['--cors-origin', 'http://a.test/app'], /^view-token-mock: --cors-origin http:\/\/a\.test\/app: not an origin/m],
  [
    ['--store', 'memory', '--redis-url', 'redis://127.0.0.1:6379'],
    /^view-token-mock: --store memory with --redis-url redis:\/\/127\.0\.0\.1:6379: the memory store keeps everything in this process, so nothing would use Redis; drop --store memory \(--redis-url alone selects the Redis store\) or drop --redis-url$/m,
  ],
  [
    ['--redis-url', 'redis://127.0.0.1:1'],
    /^view-token-mock: --redis-url redis:\/\/127\.0\.0\.1:1: cannot reach Redis \(connect ECONNREFUSED/m,
  ],
  [['--time-zone', 'Mars/Olympus'], /^view-token-mock: --time-zone Mars\/Olympus: not an IANA time zone name/m],
  [
    ['--view-token-ttl', 'forever'],
    /^view-token-mock: --view-token-ttl forever: not a duration; allowed: a duration longer than 0/m,
  ],
  [['--log-level', 'loud'], /--log-level loud/],
  [['--host', '0.0.0.0'], /--admin-token/],
  [['--config', '/no/such/file.json'], /--config \/no\/such\/file.json: cannot read/],
  [['frobnicate'], /unknown command "frobnicate"/],
  [['--workers', '2'], /^view-token-mock: --workers 2 needs the Redis store \(--redis-url redis:\/\/host:port\)/m],
  [['--store', 'redis'], /^view-token-mock: --store redis needs --redis-url redis:\/\/host:port/m],
  [
    ['--store', 'disk'],
    /^view-token-mock: --store disk: use memory or redis \(or leave it out: --redis-url alone selects redis\)$/m,
  ],
  [['--store', 'redis', '--redis-url', 'redis://127.0.0.1:1'], /cannot reach Redis \(connect ECONNREFUSED/],
  [
    ['--store', 'redis', '--redis-url', 'redis://127.0.0.1:1', '--workers', '2', '--seed', '1'],
    /--seed 1 with --workers 2/,
  ],
  [
    ['--store', 'redis', '--redis-url', 'redis://127.0.0.1:1', '--state-file', 'state.json'],
    /--state-file state\.json works with the memory store/,
  ],
])('%j is one clear line on stderr and exit code 2', (args, message) => {
  const result = runCli(args);
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
});

test.each([
  ['not JSON', '{', /not valid JSON/],
  ['an unknown field', '{"missng": {}}', /unknown field "missng"/],
  ['an inexact id', '{"missing": {"fileId": [9223372036854775807]}}', /write ids as strings/],
  ['a bad parameter', '{"missing": {"fooId": ["1"]}}', /"fooId" is not an id parameter/],
])('a config file with %s is refused with exit code 2', (_label, text, message) => {
  const file = path.join(scratch, `config-${_label.replace(/\W+/g, '-')}.json`);
  writeFileSync(file, text);
  const result = runCli(['--config', file, '--port', '0']);
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(message);
});
