import type { QueryValues } from './target';

import type { ServiceOperationId } from './routing/route-table';

/** The service routes, by operationId (from the route table, spec/generated/routes.ts). */
export type { ServiceOperationId };

/** A framework-neutral service request (header names lower-case). */
export interface ServiceRequest {
  operationId: ServiceOperationId;
  method: string;
  path: string;
  query: QueryValues;
  pathParams: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | undefined>>;
}

export type Validation = { kind: 'valid' } | { kind: 'invalid'; parameter: string; reason: string };

/** Schema validation from outside the core (the spec engine); the core's own rules always apply. */
export type RequestValidator = (request: ServiceRequest) => Validation;

/** The header that tells a client when its View Token expires unless used again. */
export const EXPIRES_AT_HEADER = 'X-View-Token-Expires-At';
/** The header that scopes tokens, rules and the journal to one tester or CI worker. */
export const SESSION_HEADER = 'x-mock-session';
/** The header naming the rule that forced an answer (its outcome is in `Preference-Applied`). */
export const RULE_HEADER = 'X-Mock-Rule';
