/** A flag, option or file the harness cannot run with (exit code 2), said before any request is sent. */
export class UsageError extends Error {
  override name = 'UsageError';
}
