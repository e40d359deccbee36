/** Bad configuration (a flag, an environment variable or the config file), found at start-up. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
