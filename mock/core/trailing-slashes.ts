const SLASH = 0x2f;

/**
 * The path without its trailing slashes (`/view/token///` → `/view/token`). A loop from the end, not
 * `/\/+$/`: that retries from every slash of a long run, quadratic in a path a client chose.
 * @example trimTrailingSlashes('/api//') // '/api'
 */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === SLASH) end -= 1;
  return path.slice(0, end);
}
