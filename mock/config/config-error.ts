/** Bad configuration (a flag, an environment variable or the config file), found at start-up. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `--state-file` with `--store redis`: refused by the CLI's parser and by createMockServer alike. */
export function stateFileOnRedisError(file: string): ConfigError {
  return new ConfigError(
    `--state-file ${file} works with the memory store; ` +
      'with --store redis the state lives in Redis (use Redis persistence)',
  );
}
