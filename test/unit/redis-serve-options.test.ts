import { createMockServer } from '../../mock/server';
import { parseServeOptions } from '../../mock/cli/serve-options';
import { parseDuration } from '../../mock/core/duration';

const REDIS = ['--store', 'redis', '--redis-url', 'redis://127.0.0.1:6379'];

test.each([
  [[], {}, 1_000],
  [['--redis-timeout', '250ms'], {}, 250],
  [['--redis-timeout', '1ms'], {}, 1],
  [['--redis-timeout', '60s'], {}, 60_000],
  [[], { VIEW_TOKEN_MOCK_REDIS_TIMEOUT: '2s' }, 2_000],
  [['--redis-timeout', '300'], { VIEW_TOKEN_MOCK_REDIS_TIMEOUT: '2s' }, 300],
])('--redis-timeout from flags %j and environment %j is %d ms', (args, env, expected) => {
  expect(parseServeOptions([...REDIS, ...args], env).redisTimeoutMs).toBe(expected);
});

test.each(['0', '0ms', '60001', '2m'])('--redis-timeout %s is refused, naming the allowed range', (value) => {
  expect(() => parseServeOptions([...REDIS, '--redis-timeout', value], {})).toThrow(
    `--redis-timeout ${value}: use a duration from 1ms to 60s`,
  );
});

test('--redis-timeout that is not a duration is refused with what a duration looks like', () => {
  const parsed = parseDuration('soon');
  expect(parsed.kind).toBe('invalid');
  expect(() => parseServeOptions([...REDIS, '--redis-timeout', 'soon'], {})).toThrow(
    `--redis-timeout soon: ${parsed.kind === 'invalid' ? parsed.reason : ''}`,
  );
});

test.each([0, -1, 1.5, 60_001, Number.NaN])(
  'the library option redisTimeoutMs %d is refused before connecting',
  async (redisTimeoutMs) => {
    await expect(
      createMockServer({ logLevel: 'silent', store: 'redis', redisUrl: 'redis://127.0.0.1:1', redisTimeoutMs }),
    ).rejects.toThrow(`--redis-timeout ${redisTimeoutMs}: use a duration from 1ms to 60s`);
  },
);

test.each([
  [[], {}, 'memory'],
  [['--redis-url', 'redis://127.0.0.1:6379'], {}, 'redis'],
  [[], { VIEW_TOKEN_MOCK_REDIS_URL: 'redis://127.0.0.1:6379' }, 'redis'],
  [['--store', 'redis', '--redis-url', 'redis://127.0.0.1:6379'], {}, 'redis'],
  [['--store', 'memory'], {}, 'memory'],
])('flags %j with environment %j select the %s store (--redis-url alone is enough)', (args, env, store) => {
  expect(parseServeOptions(args, env).store).toBe(store);
});

test.each([
  [
    ['--store', 'memory', '--redis-url', 'redis://h:1'],
    {},
    '--store memory with --redis-url redis://h:1: the memory store keeps everything in this process, so nothing would use Redis; drop --store memory (--redis-url alone selects the Redis store) or drop --redis-url',
  ],
  [
    ['--redis-url', 'redis://h:1'],
    { VIEW_TOKEN_MOCK_STORE: 'memory' },
    '--store memory with --redis-url redis://h:1: the memory store keeps everything in this process',
  ],
  [
    ['--store', 'redis'],
    {},
    '--store redis needs --redis-url redis://host:port (a single Redis, or any node of a Redis Cluster)',
  ],
  [['--store', 'file'], {}, '--store file: use memory or redis (or leave it out: --redis-url alone selects redis)'],
])('flags %j with environment %j are refused with the reason', (args, env, message) => {
  expect(() => parseServeOptions(args, env)).toThrow(message);
});

test('the library refuses store memory with a redisUrl as the CLI does, before connecting', async () => {
  await expect(
    createMockServer({ logLevel: 'silent', store: 'memory', redisUrl: 'redis://127.0.0.1:1' }),
  ).rejects.toThrow(
    '--store memory with --redis-url redis://127.0.0.1:1: the memory store keeps everything in this process',
  );
});

test('the library takes a redisUrl alone for the Redis store (which refuses a state file, before connecting)', async () => {
  await expect(
    createMockServer({ logLevel: 'silent', redisUrl: 'redis://127.0.0.1:1', stateFile: 'state.json' }),
  ).rejects.toThrow('--state-file state.json works with the memory store');
});
