import type { CallerRule } from './caller-rules';
import { CALLER_RULES } from './caller-rules';
import type { ChangeLocation, ChangeSide } from './change-location';
import { locate } from './change-location';
import type { Impact } from './change-reasons';
import { reasonFor } from './change-reasons';
import type { ChangeAction, ChangeKind } from './change-text';
import { describeChange } from './change-text';
import type { Differ, DifferChange } from './load-differ';
import { withMediaTypeMapping } from './media-type-mapping';
import { withParameterLists } from './parameter-lists';

/** One change between the two specs, judged for callers. */
export interface SpecChange {
  impact: Impact;
  side: ChangeSide;
  /** `GET /view/token` (`* /path` for a whole path); undefined for the whole document. */
  operation: string | undefined;
  where: string;
  change: string;
  reason: string;
  /** `api-smart-diff`, or the id of our rule that judged it instead (the differ's verdict then in `differ.type`). */
  judgedBy: string;
  kind: ChangeKind;
  action: ChangeAction;
  location: ChangeLocation;
  differ: { type: DifferChange['type']; pointer: string; description: string | undefined };
}

const IMPACT_ORDER: Record<Impact, number> = { breaking: 0, 'non-breaking': 1, annotation: 2 };

/**
 * Compares two OpenAPI documents with the differ and judges each change for callers: the differ's
 * classification, or one of our rules where it misjudges. Sorted: breaking first, then by operation.
 * @example compareSpecs(loadDiffer(), oldDocument, newDocument).filter((change) => change.impact === 'breaking')
 */
export function compareSpecs(
  differ: Differ,
  before: unknown,
  after: unknown,
  rules: readonly CallerRule[] = CALLER_RULES,
): SpecChange[] {
  const metaKey = Symbol('change');
  // Copies: the differ normalizes the documents it is given in place (an `enum: []` added to the old
  // schema, 3.0's `exclusiveMinimum: true` rewritten), and the journal's calls are judged on the specs as written.
  const { diffs, merged } = differ.apiCompare(withParameterLists(before), withParameterLists(after), {
    metaKey,
    rules: withMediaTypeMapping(differ.openapi3Rules(), differ.contentMediaTypeMappingResolver),
  });
  return diffs
    .flatMap((diff) => {
      const location = locate(diff.path, merged);
      if (location === undefined) return [];
      return [judge(diff, location, merged, metaKey, rules, differ.version)];
    })
    .sort(
      (a, b) =>
        IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] ||
        (a.operation ?? '').localeCompare(b.operation ?? '') ||
        a.where.localeCompare(b.where) ||
        a.change.localeCompare(b.change),
    );
}

function judge(
  diff: DifferChange,
  location: ChangeLocation,
  merged: unknown,
  metaKey: symbol,
  rules: readonly CallerRule[],
  differVersion: string,
): SpecChange {
  const text = describeChange(location, diff.action, diff.before, diff.after);
  const input = { differ: diff, location, text, merged, metaKey };
  const ruled = rules
    .map((rule) => ({ id: rule.id, verdict: rule.judge(input) }))
    .find(({ verdict }) => verdict !== undefined);
  const impact = ruled?.verdict?.impact ?? toImpact(diff.type);
  return {
    impact,
    side: location.side,
    operation: location.operation === undefined ? undefined : `${location.operation.method} ${location.operation.path}`,
    where: location.part,
    change: text.text,
    reason: ruled?.verdict?.reason ?? reasonFor(impact, location.side, text.kind, diff.action),
    judgedBy: ruled === undefined ? `api-smart-diff ${differVersion}` : `rule ${ruled.id}`,
    kind: text.kind,
    action: diff.action,
    location,
    differ: { type: diff.type, pointer: toPointer(diff.path), description: diff.description },
  };
}

/** The differ's five types as the report's three (deprecated and unclassified reach here only when no rule took them). */
function toImpact(type: DifferChange['type']): Impact {
  if (type === 'breaking' || type === 'unclassified') return 'breaking';
  if (type === 'annotation') return 'annotation';
  return 'non-breaking';
}

function toPointer(path: readonly (string | number)[]): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
