import type { ContractOperation, ContractSpec } from './contract-spec';
import type { ContractOptions } from './options';
import { ID_FLAGS } from './options';
import type { Probe, ProbeIntent } from './probe-planner';
import { planProbes } from './probes';

/** An operation of the contract the run cannot ask a View Token of, for lack of the ids it needs. */
export interface NotProbed {
  operation: ContractOperation;
  /** `POST /data/v2/integrations/{integrateId}/files/{fileId}/viewToken`, as the contract gives it. */
  label: string;
  /** The flags that would probe it: `add --integrate-id and --child-file-id`. */
  needs: string;
  /** The kinds of request the run would send it with those ids: a check judging any of them covers it. */
  intents: readonly ProbeIntent[];
}

/** Ids standing in for every flag, to learn what each operation would be sent (never sent). */
const EVERY_ID = Object.fromEntries(Object.values(ID_FLAGS).map((name, index) => [name, String(index + 1)]));

/**
 * The operations whose View Token request these options cannot plan (the POST without
 * `--integrate-id` and `--child-file-id`, say): no check can say the sentences of both operations
 * hold while one of them was never asked.
 * @example notProbedOf(options, spec, probes)[0]?.needs // 'add --integrate-id and --child-file-id'
 */
export function notProbedOf(options: ContractOptions, spec: ContractSpec, planned: readonly Probe[]): NotProbed[] {
  const probed = new Set(planned.filter((probe) => probe.intent === 'success').map((probe) => probe.operation));
  const everything = planProbes({ ...options, ids: EVERY_ID }, spec);
  return (['getViewToken', 'getChildFileViewToken'] as const)
    .filter((operation) => !probed.has(operation))
    .map((operation) => {
      const { method, path } = spec.operations[operation];
      const sent = everything.filter((probe) => probe.operation === operation).map((probe) => probe.intent);
      // A View Token presented as the Access Token is sent on each operation once one is issued.
      const intents = [...new Set<ProbeIntent>([...sent, 'view-token-as-access'])];
      return { operation, label: `${method} ${path}`, needs: needsOf(operation, options), intents };
    });
}

function needsOf(operation: ContractOperation, { ids }: ContractOptions): string {
  if (operation === 'getViewToken') return 'add --file-id (or another query id flag)';
  const flags = (['integrate-id', 'child-file-id'] as const).filter((flag) => ids[ID_FLAGS[flag]] === undefined);
  return flags.length === 0 ? 'give the ids its path names' : `add ${flags.map((flag) => `--${flag}`).join(' and ')}`;
}
