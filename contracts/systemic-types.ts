import type { ProbeResult } from './check-types';

/** What the answers shared, when the target could not be used: each has one likely cause and one thing to fix. */
export type SystemicKind =
  | 'unreachable'
  | 'timeout'
  | 'broken'
  | 'untrusted-certificate'
  | 'redirect'
  | 'not-found'
  | 'unauthorized'
  | 'forbidden'
  | 'server-error'
  | 'web-page'
  | 'rate-limited'
  | 'stopped-answering'
  | 'silent-without-credentials';

/** The one finding of a run whose target could not be used: no check is judged (exit code 3). */
export interface SystemicFailure {
  kind: SystemicKind;
  /** What the answers shared, in one sentence. */
  summary: string;
  /** The likely cause, and what to change. */
  advice: string;
  /** What to fix: a flag (`--base-url`, `--access-token`), `NODE_EXTRA_CA_CERTS`, the target or its rate limit. */
  flag: string;
  /** One of those exchanges (a redirect's shows its Location). */
  example: ProbeResult;
}

/** What the sentences of a systemic finding name: the target as given, the run's --timeout, its planned requests. */
export interface SystemicTarget {
  baseUrl: string;
  timeoutMs: number;
  /** The requests the run planned (a rate limit must allow them). */
  requests?: number | undefined;
}
