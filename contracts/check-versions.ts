/**
 * The versions of the set of checks. `--checks-version N` runs the checks, and sends the requests,
 * of versions 1 to N only: upgrading the package never adds a check to a pinned run by itself.
 */
export const CHECKS_VERSIONS = [1, 2] as const;
export type ChecksVersion = (typeof CHECKS_VERSIONS)[number];

/** The newest version: what a run without `--checks-version` holds an implementation to. */
export const LATEST_CHECKS_VERSION: ChecksVersion = 2;

/**
 * What each version added, as the reference page and the release notes list it.
 * @public (scripts/reference/harness-checks-page.js reads it from dist/)
 */
export const CHECKS_VERSION_NOTES: Readonly<Record<ChecksVersion, string>> = {
  1: 'the 21 checks of 0.3.0: what each answer declares, the View Token sentences, the Bearer sentence probed adversarially, the identifier sentences',
  2: 'other methods than the documented ones, repeated JSON members, shared caching of a token answer (CDN-Cache-Control included), the Access Token given back, guessable or forgeable View Tokens, a JWT lifetime other than 12 hours or not a number, ids in the POST body',
};
