import type { ChangeSide } from './change-location';
import type { ChangeAction, ChangeKind } from './change-text';

export type Impact = 'breaking' | 'non-breaking' | 'annotation';

type Key = `${Impact} ${ChangeSide} ${ChangeKind} ${ChangeAction}`;

/** Why a change does or does not break callers, for the changes a reader meets most. */
const REASONS: Partial<Record<Key, string>> = {
  'breaking request path remove': 'callers of it get an answer no spec promises (404)',
  'breaking request operation remove': 'callers of it get an answer no spec promises (404 or 405)',
  'non-breaking request path add': 'new: no caller uses it yet',
  'non-breaking request operation add': 'new: no caller uses it yet',
  'breaking request parameter remove':
    'callers that send it send what the new spec does not declare: it may be refused or ignored',
  'breaking request parameter add': 'callers do not send it, and the new spec requires it',
  'non-breaking request parameter add': 'optional: callers need not send it',
  'breaking request enum-value remove': 'callers that send this value send one the new spec refuses',
  'non-breaking request enum-value add': 'callers keep sending the values they know',
  'breaking response enum-value add': 'callers that handle each known value meet one they do not know',
  'non-breaking response enum-value remove': 'callers only get fewer of the values they handle',
  'breaking request type replace': 'callers send the old type, which the new spec refuses',
  'breaking response type replace': 'callers parse the old type and get another',
  'breaking request format replace': 'callers may send values the new format refuses (an int64 past the int32 range)',
  'breaking request required add': 'callers that leave it out are refused',
  'non-breaking request required remove': 'callers may still send it',
  'breaking response required remove': 'callers that read it may no longer get it',
  'non-breaking response required add': 'callers now always get what they could get before',
  'breaking request property remove': 'callers that send it send what the new spec does not declare',
  'breaking request property add': 'callers do not send it, and the new spec requires it',
  'non-breaking request property add': 'optional: callers need not send it',
  'breaking response property remove': 'callers that read it no longer get it',
  'non-breaking response property add': 'callers ignore a field they do not read',
  'breaking response response remove':
    'callers that handle this answer no longer get it: the new spec does not promise it',
  'non-breaking response response add': 'a new documented answer; callers that handle statuses by class keep working',
  'breaking response media-type remove': 'callers that ask for or read this media type no longer get it',
  'non-breaking response media-type add': 'callers keep asking for the media types they know',
  'breaking request media-type remove': 'callers that send this media type send one the new spec refuses',
  'breaking request security add': 'callers without these credentials are refused',
  'breaking request security replace': 'callers with the old credentials may be refused',
};

const FALLBACK: Record<Impact, Record<ChangeSide, string>> = {
  breaking: {
    request: 'callers that send what the old spec allowed may be refused',
    response: 'callers that read what the old spec promised may get something else',
    document: 'the differ judges it breaking',
  },
  'non-breaking': {
    request: 'what callers send is still accepted',
    response: 'what callers read is still there',
    document: 'callers do not see it',
  },
  annotation: {
    request: 'documentation only',
    response: 'documentation only',
    document: 'documentation only',
  },
};

/** The reason a report gives beside a change the differ judged (a rule gives its own). */
export function reasonFor(impact: Impact, side: ChangeSide, kind: ChangeKind, action: ChangeAction): string {
  return REASONS[`${impact} ${side} ${kind} ${action}`] ?? FALLBACK[impact][side];
}
