import type { Int64 } from './int64';
import { parseInt64 } from './int64';
import { findNearestName } from './near-miss';
import type { DirectoryType, IdParameter } from './object-types';
import { ID_PARAMETERS, OBJECT_TYPE_OF } from './object-types';

/** What a View Token is asked for. */
export type Target =
  | { kind: 'object'; parameter: IdParameter; type: DirectoryType; id: Int64 }
  | { kind: 'childFile'; integrateId: Int64; fileId: Int64 };

export type TargetSelection = { kind: 'ok'; target: Target } | { kind: 'invalid'; parameter: string; reason: string };

/** A parsed query string: a repeated parameter has several values. */
export type QueryValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Applies `GET /view/token`'s rule: exactly one id query parameter, an exact int64.
 * @example selectQueryTarget({ fileId: '9223372036854775807' })
 */
export function selectQueryTarget(query: QueryValues): TargetSelection {
  const given = ID_PARAMETERS.filter((name) => query[name] !== undefined);
  if (given.length === 0) {
    const misspelt = findMisspeltParameter(query, ID_PARAMETERS);
    if (misspelt) return misspelt;
    return { kind: 'invalid', parameter: 'id', reason: `none given; give exactly one of ${ID_PARAMETERS.join(', ')}` };
  }
  if (given.length > 1) {
    return { kind: 'invalid', parameter: given.join(', '), reason: 'given together; give exactly one id parameter' };
  }
  const parameter = given[0] as IdParameter;
  const id = parseIdParameter(parameter, query[parameter]);
  if (id.kind === 'invalid') return id;
  return { kind: 'ok', target: { kind: 'object', parameter, type: OBJECT_TYPE_OF[parameter], id: id.value } };
}

/** A given parameter that is not known but close to one that is: `fileid` → did you mean fileId? */
export function findMisspeltParameter(
  query: QueryValues,
  known: readonly string[],
): { kind: 'invalid'; parameter: string; reason: string } | undefined {
  for (const name of Object.keys(query)) {
    if (known.includes(name)) continue;
    const nearest = findNearestName(name, known);
    if (nearest !== undefined)
      return { kind: 'invalid', parameter: name, reason: `not a parameter of this route; did you mean ${nearest}?` };
  }
  return undefined;
}

/** Parses the child-file route's two path parameters. */
export function selectChildFileTarget(params: { integrateId: string; fileId: string }): TargetSelection {
  const integrateId = parseIdParameter('integrateId', params.integrateId);
  if (integrateId.kind === 'invalid') return integrateId;
  const fileId = parseIdParameter('fileId', params.fileId);
  if (fileId.kind === 'invalid') return fileId;
  return { kind: 'ok', target: { kind: 'childFile', integrateId: integrateId.value, fileId: fileId.value } };
}

type IdParse = { kind: 'ok'; value: Int64 } | { kind: 'invalid'; parameter: string; reason: string };

function parseIdParameter(parameter: string, raw: string | readonly string[] | undefined): IdParse {
  if (typeof raw !== 'string') return { kind: 'invalid', parameter, reason: 'given more than once' };
  const parsed = parseInt64(raw);
  return parsed.kind === 'ok' ? parsed : { kind: 'invalid', parameter, reason: parsed.reason };
}
