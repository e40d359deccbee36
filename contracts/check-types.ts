import type { ContractSpec } from './contract-spec';
import type { Exchange } from './http-exchange';
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

/** What the run as a whole knows when answers are judged. */
export interface RunFacts {
  /** The Access Token the run was given. */
  accessToken: string;
  /** Every View Token the run was issued (the data of its 200 answers). */
  issuedTokens: readonly string[];
}

/** One named check: which probes it judges, the interface sentence it holds them to, and the rule. */
export interface Check {
  name: string;
  /** One line: what it enforces (`--help`). */
  summary: string;
  /** What it sends and what it accepts, for the contract guide's table. */
  detail: string;
  /** The sentence of the interface document this check comes from, quoted. */
  source: string;
  intents: readonly ProbeIntent[];
  /** Probes it needs sent without judging them (a View Token to present, say). */
  sends?: readonly ProbeIntent[];
  /** Why the check cannot run with these options (names the flag that would enable it). */
  skipReason?: (options: ContractOptions) => string | undefined;
  expected: string;
  /** Undefined when this answer satisfies the check, else why not. */
  judge: (response: Answer, probe: Probe, spec: ContractSpec, facts: RunFacts) => string | undefined;
  /** For a rule about several answers together: the results that break it, each with why. */
  judgeTogether?: (results: readonly ProbeResult[]) => { result: ProbeResult; reason: string; cause?: string }[];
}
