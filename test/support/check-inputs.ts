// Hand-made inputs of a check's own functions (judge, enough, skipReason): answers, probes, options, run facts.
import type { Answer, ProbeResult, RunFacts } from '../../contracts/check-types';
import type { ContractOperation } from '../../contracts/contract-spec';
import type { ProbeRequest } from '../../contracts/http-exchange';
import { toContractOptions } from '../../contracts/library-options';
import type { ContractOptions, IdName } from '../../contracts/options';
import type { Probe, ProbeIntent } from '../../contracts/probe-planner';

export const ACCESS_TOKEN = 'access-token-0123456789';

/** An answer of `status` with a body and headers (lower-case names, as Node gives them). */
export function answer(status: number, bodyText = '', headers: Record<string, string> = {}): Answer {
  return {
    kind: 'response',
    request: {
      method: 'GET',
      path: '/view/token?fileId=11',
      url: 'http://127.0.0.1/view/token?fileId=11',
      headers: {},
    },
    timing: { startMs: 0, endMs: 1 },
    status,
    headers,
    bodyText,
  };
}

/** A success body issuing `token`, as the service writes it. */
export const issuing = (token: string): string => JSON.stringify({ code: 'success', data: token, message: '' });

/** A probe of `intent` on the GET operation (or the one named), sent with `method` and `headers`. */
export function probe(
  intent: ProbeIntent,
  request: Partial<ProbeRequest> = {},
  operation: ContractOperation = 'getViewToken',
): Probe {
  return {
    id: `${operation} ${intent}`,
    operation,
    intent,
    request: { method: 'GET', path: '/view/token?fileId=11', headers: {}, ...request },
    object: 'fileId=11',
    where: 'GET fileId',
    variant: intent,
  };
}

/** A probe and its answer, as `enough` receives them. */
export const result = (exchange: Answer, sent: Probe = probe('success')): ProbeResult => ({ probe: sent, exchange });

/** Options with the given ids (and Access Token); everything else at its default. */
export function options(ids: Partial<Record<IdName, string>>, accessToken = ACCESS_TOKEN): ContractOptions {
  return toContractOptions({ target: 'http://127.0.0.1:1', accessToken, ids, timeoutMs: 300 });
}

/** What the run knows: the Access Token and the View Tokens issued. */
export function facts(issuedTokens: readonly string[] = [], accessToken = ACCESS_TOKEN): RunFacts {
  return { accessToken, issuedTokens, tokenObjects: new Map(), controls: new Map(), notProbed: [] };
}
