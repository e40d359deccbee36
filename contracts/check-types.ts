import type { ChecksVersion } from './check-versions';
import type { ContractOperation, ContractSpec } from './contract-spec';
import type { Exchange } from './http-exchange';
import type { NotProbed } from './operations-not-probed';
import type { ContractOptions } from './options';
import type { Probe, ProbeIntent } from './probe-planner';

/** A probe and what came back. */
export interface ProbeResult {
  probe: Probe;
  exchange: Exchange;
}

/** Why one probe's answer breaks a check. */
export interface Violation {
  result: ProbeResult;
  expected: string;
  reason: string;
  /** What the violations of one root cause share when their reasons differ in detail (findings group by it). */
  cause?: string;
}

export type Answer = Extract<Exchange, { kind: 'response' }>;

/** How an operation answered the Access Token with the given ids: the request a refusal on it is contrasted with. */
export interface Control {
  /** The probe that asked (`issue fileId`). */
  probe: string;
  /** Whether it was answered a success (200; the POST also 201). */
  succeeded: boolean;
  /** What came back, for a note: `status 404`, `no complete answer within 300 ms (--timeout)`. */
  outcome: string;
}

/** What the run as a whole knows when answers are judged. */
export interface RunFacts {
  /** The Access Token the run was given. */
  accessToken: string;
  /** Every View Token the run was issued (the data of its 200 answers). */
  issuedTokens: readonly string[];
  /** The object each View Token was first issued for (`fileId=11`), as its request named it. */
  tokenObjects: ReadonlyMap<string, string>;
  /** Each operation's View Token request, when one was sent (the first success probe of the operation). */
  controls: ReadonlyMap<ContractOperation, Control>;
  /** The operations the run could not ask a View Token of (their ids not given): a check covering one judged less than its sentence. */
  notProbed: readonly NotProbed[];
}

/** One named check: which probes it judges, the interface sentence it holds them to, and the rule. */
export interface Check {
  name: string;
  /** One line: what it enforces (`--help`). */
  summary: string;
  /** What it sends and what it accepts, for the contract guide's table. */
  detail: string;
  /** The sentence of the interface document this check comes from, quoted (and the RFC it invokes, where it does). */
  source: string;
  /** The checks version that added it (`--checks-version`). */
  since: ChecksVersion;
  intents: readonly ProbeIntent[];
  /** Probes it needs sent without judging them (a View Token to present, say). */
  sends?: readonly ProbeIntent[];
  /** Why the check cannot run with these options (names the flag that would enable it). */
  skipReason?: (options: ContractOptions) => string | undefined;
  /**
   * Its answers are refusals, which show something only beside a success: it passes only where the
   * same operation gave the Access Token a View Token for the given ids (else it is not judged there).
   */
  contrasted?: true;
  /** Why the answers it judged are too few to show its rule (one View Token cannot show scoping), else undefined. */
  enough?: (judged: readonly ProbeResult[], facts: RunFacts, spec: ContractSpec) => string | undefined;
  expected: string;
  /** Undefined when this answer satisfies the check, else why not. */
  judge: (response: Answer, probe: Probe, spec: ContractSpec, facts: RunFacts) => string | undefined;
  /** For a rule about several answers together: the results that break it, each with why. */
  judgeTogether?: (
    results: readonly ProbeResult[],
    facts: RunFacts,
  ) => { result: ProbeResult; reason: string; cause?: string }[];
}
