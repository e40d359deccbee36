import type { Control, ProbeResult, RunFacts } from './check-types';
import { isSuccessStatus } from './checks/helpers';
import type { ContractOperation } from './contract-spec';
import { viewTokenOf } from './issued-token';
import type { NotProbed } from './operations-not-probed';

/**
 * What the answers of a run tell every check: the View Tokens issued and for which object, and how
 * each operation answered its own View Token request (the control a refusal is contrasted with).
 */
export function toRunFacts(
  accessToken: string,
  results: readonly ProbeResult[],
  notProbed: readonly NotProbed[],
): RunFacts {
  const tokenObjects = new Map<string, string>();
  const issued = new Set<string>();
  const controls = new Map<ContractOperation, Control>();
  for (const { probe, exchange } of results) {
    const token = viewTokenOf(exchange);
    if (token !== undefined) issued.add(token);
    if (token !== undefined && probe.object !== undefined && !tokenObjects.has(token))
      tokenObjects.set(token, probe.object);
    if (probe.intent !== 'success' || controls.has(probe.operation)) continue;
    const answered = exchange.kind === 'response';
    controls.set(probe.operation, {
      probe: probe.id,
      succeeded: answered && isSuccessStatus(probe, exchange.status),
      outcome: answered ? `status ${exchange.status}` : exchange.reason,
    });
  }
  return { accessToken, issuedTokens: [...issued], tokenObjects, controls, notProbed };
}
