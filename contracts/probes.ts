import type { ContractSpec } from './contract-spec';
import type { ContractOptions } from './options';
import type { Planner, Probe } from './probe-planner';
import { createPlanner } from './probe-planner';
import { planAliases, planMisplaced, planNearMisses, planRefusals } from './probes-credentials';
import { planBodyIds } from './probes-body';
import { planBoundaries, planCrossed, planLenient, planMalformed } from './probes-ids';
import { planOtherMethods } from './probes-methods';

export { INTENT_SINCE } from './probe-planner';
export type { Probe, ProbeIntent } from './probe-planner';
export { planFollowUps } from './probes-credentials';

/**
 * Every request the run can make with the ids it was given, derived from the contract's operations
 * and their int64 parameters. Checks choose among them by intent; a probe whose ids were not given
 * is simply not planned (its checks say which flag is missing). Requests that need an answer first
 * (a View Token presented as the Access Token) are planned after it: see `planFollowUps`.
 */
export function planProbes(options: ContractOptions, spec: ContractSpec): Probe[] {
  const probes: Probe[] = [];
  const planner = createPlanner(options, spec, probes);
  const steps = [
    planIssues,
    planRefusals,
    planNearMisses,
    planMisplaced,
    planAliases,
    planMissingAndForbidden,
    planBoundaries,
    planMalformed,
    planLenient,
    planCrossed,
    planOtherMethods,
    planBodyIds,
  ];
  for (const step of steps) step(planner);
  return probes;
}

function planIssues({ given, first: [firstName, firstId], childIds, ids, spec, get, post, add }: Planner): void {
  const where = `GET ${spec.operations.getViewToken.path}`;
  for (const [name, id] of given)
    add({
      id: `issue ${name}`,
      operation: 'getViewToken',
      intent: 'success',
      request: get(`?${name}=${id}`),
      object: `${name}=${id}`,
      where,
      variant: `${name}=${id}`,
    });
  if (given[0]) {
    add({
      id: `issue ${firstName} again`,
      operation: 'getViewToken',
      intent: 'repeat',
      request: get(`?${firstName}=${firstId}`),
      object: `${firstName}=${firstId}`,
      where,
      variant: `${firstName}=${firstId}, again`,
    });
  }
  // The child file is a file: a token shared with `GET ?fileId=` of the same id is not a scoping fault.
  if (childIds) {
    const object = `fileId=${ids.childFileId ?? ''}`;
    add({
      id: 'issue child file',
      operation: 'getChildFileViewToken',
      intent: 'success',
      request: post(childIds),
      object,
      where: `POST ${spec.operations.getChildFileViewToken.path}`,
      variant: object,
    });
  }
}

function planMissingAndForbidden({ ids, queryIds, pathIds, childIds, get, post, childWith, add }: Planner): void {
  if (ids.missingId !== undefined) {
    const variant = `--missing-id ${ids.missingId}`;
    for (const { name } of queryIds)
      add({
        id: `missing ${name}`,
        operation: 'getViewToken',
        intent: 'missing',
        request: get(`?${name}=${ids.missingId}`),
        where: `GET ${name}`,
        variant,
      });
    for (const { name } of childIds ? pathIds : []) {
      add({
        id: `missing ${name} in the path`,
        operation: 'getChildFileViewToken',
        intent: 'missing',
        request: post(childWith({ [name]: ids.missingId })),
        where: `POST ${name} (path)`,
        variant,
      });
    }
  }
  if (ids.forbiddenFileId === undefined) return;
  const variant = `--forbidden-file-id ${ids.forbiddenFileId}`;
  if (queryIds.some(({ name }) => name === 'fileId'))
    add({
      id: 'forbidden fileId',
      operation: 'getViewToken',
      intent: 'forbidden',
      request: get(`?fileId=${ids.forbiddenFileId}`),
      where: 'GET fileId',
      variant,
    });
  if (childIds && pathIds.some(({ name }) => name === 'fileId')) {
    const request = post(childWith({ fileId: ids.forbiddenFileId }));
    add({
      id: 'forbidden child fileId',
      operation: 'getChildFileViewToken',
      intent: 'forbidden',
      request,
      where: 'POST fileId (path)',
      variant,
    });
  }
}
