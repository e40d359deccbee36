// The diff's text and markdown reports of a report built by hand: the headlines' counts and plurals, the
// specs named with or without title and version, a journal that breaks no call, and the markdown cut at
// its limit to the character.
import type { DiffReport, ReportedChange } from '../../contracts/diff/diff-report';
import { toDiffReport, toHeadline, toJournalHeadline } from '../../contracts/diff/diff-report';
import type { JournalVerdict } from '../../contracts/diff/judge-calls';
import { toMarkdownReport } from '../../contracts/diff/markdown-report';
import { toTextReport } from '../../contracts/diff/text-report';

const DIFFER = { name: 'api-smart-diff', version: '1.0.6' };

function change(impact: ReportedChange['impact'], where: string, judgedBy = 'api-smart-diff 1.0.6'): ReportedChange {
  return {
    impact,
    side: impact === 'annotation' ? 'document' : 'response',
    operation: impact === 'annotation' ? undefined : 'GET /view/token',
    where,
    change: 'removed',
    reason: `${where} reason`,
    judgedBy,
    differ: { type: impact === 'annotation' ? 'annotation' : 'breaking', pointer: '/x', description: undefined },
  };
}

function report(changes: ReportedChange[], journal?: JournalVerdict, titled = true): DiffReport {
  const breaking = changes.filter((one) => one.impact === 'breaking');
  return {
    reportVersion: 1,
    old: { file: 'old.yaml', title: titled ? 'Tokens' : undefined, version: titled ? '1.0.0' : undefined },
    new: { file: 'new.yaml', title: undefined, version: titled ? '2.0.0' : undefined },
    differ: DIFFER,
    breaksCallers: breaking.length > 0 || (journal?.broken.length ?? 0) > 0,
    totals: {
      breaking: breaking.length,
      breakingRequest: breaking.filter((one) => one.side === 'request').length,
      breakingResponse: breaking.filter((one) => one.side === 'response').length,
      nonBreaking: changes.filter((one) => one.impact === 'non-breaking').length,
      annotation: changes.filter((one) => one.impact === 'annotation').length,
    },
    changes,
    journal,
  };
}

const QUIET_JOURNAL: JournalVerdict = {
  file: 'calls.json',
  kind: 'record',
  calls: 1,
  judged: 1,
  broken: [],
  notJudged: [],
};

test.each<[string, DiffReport['totals'], string]>([
  [
    'nothing',
    { breaking: 0, breakingRequest: 0, breakingResponse: 0, nonBreaking: 0, annotation: 0 },
    'no change breaks callers; 0 do not; 0 documentation only.',
  ],
  [
    'one of each',
    { breaking: 1, breakingRequest: 1, breakingResponse: 0, nonBreaking: 1, annotation: 1 },
    '1 change breaks callers (1 request, 0 response); 1 does not; 1 documentation only.',
  ],
  [
    'several',
    { breaking: 3, breakingRequest: 1, breakingResponse: 2, nonBreaking: 2, annotation: 4 },
    '3 changes break callers (1 request, 2 response); 2 do not; 4 documentation only.',
  ],
])('the headline of %s', (_, totals, headline) => {
  expect(toHeadline({ ...report([]), totals })).toBe(headline);
});

test.each<[string, Pick<JournalVerdict, 'calls' | 'broken' | 'notJudged'>, string]>([
  ['no call', { calls: 0, broken: [], notJudged: [] }, '0 of 0 recorded calls break'],
  ['one call, not broken', { calls: 1, broken: [], notJudged: [] }, '0 of 1 recorded call break'],
  [
    'one broken, one not judged',
    { calls: 3, broken: [{ call: 'GET /a', reasons: [] }], notJudged: [{ call: 'GET /b', why: 'no path' }] },
    '1 of 3 recorded calls breaks (1 not judged)',
  ],
])('the journal headline of %s', (_, counts, headline) => {
  expect(toJournalHeadline({ ...QUIET_JOURNAL, ...counts })).toBe(headline);
});

test('markdown of a report with only documentation changes and a journal that breaks no call: no tables, the calls headline', () => {
  expect(toMarkdownReport(report([change('annotation', 'info.version')], QUIET_JOURNAL, false)).split('\n')).toEqual([
    '### Spec change: no caller breaks',
    '',
    'old.yaml → new.yaml, compared by api-smart-diff 1.0.6',
    '',
    '**no change breaks callers; 0 do not; 1 documentation only.**',
    '',
    '#### Recorded calls: 0 of 1 recorded call break',
  ]);
});

test.each<[string, string | undefined, string | undefined, string]>([
  ['title and version', 'Tokens', '2.0.0', 'new.yaml (Tokens 2.0.0)'],
  ['the version alone', undefined, '2.0.0', 'new.yaml (2.0.0)'],
  ['the title alone', 'Tokens', undefined, 'new.yaml (Tokens)'],
  ['neither', undefined, undefined, 'new.yaml'],
])('a spec with %s: its name in markdown and text', (_, title, version, name) => {
  const named = { ...report([], undefined, false), new: { file: 'new.yaml', title, version } };
  expect(toMarkdownReport(named).split('\n')[2]).toBe(`old.yaml → ${name}, compared by api-smart-diff 1.0.6`);
  expect(toTextReport(named).split('\n')[0]).toBe(
    `view-token-contracts diff: old.yaml → ${name} (compared by api-smart-diff 1.0.6)`,
  );
});

test('text report of a report with only documentation changes and a journal that breaks no call', () => {
  expect(toTextReport(report([change('annotation', 'info.version')], QUIET_JOURNAL, false)).split('\n')).toEqual([
    'view-token-contracts diff: old.yaml → new.yaml (compared by api-smart-diff 1.0.6)',
    'OK: no change breaks callers; 0 do not; 1 documentation only.',
    '',
    'Recorded calls (--record file calls.json): 0 of 1 recorded call break',
  ]);
});

test('text report: a breaking change judged by the differ, one overruled by our rule, a not-breaking one, and a journal', () => {
  const journal: JournalVerdict = {
    file: 'journal.json',
    kind: 'journal',
    calls: 3,
    judged: 2,
    broken: [{ call: 'GET /view/token?fileId=1', reasons: ['response 404 removed', 'id type changed'] }],
    notJudged: [{ call: 'PUT /x', why: 'no such operation in the old spec' }],
  };
  const changes = [
    change('breaking', 'response 404'),
    change('breaking', 'response 200 application/json', 'rule int64-type-changed'),
    change('non-breaking', 'response 201'),
  ];
  expect(toTextReport(report(changes, journal)).split('\n')).toEqual([
    'view-token-contracts diff: old.yaml (Tokens 1.0.0) → new.yaml (2.0.0) (compared by api-smart-diff 1.0.6)',
    'BREAKS CALLERS: 2 changes break callers (0 request, 2 response); 1 does not; 0 documentation only.',
    '',
    'Breaking changes:',
    '  response  GET /view/token  response 404: removed',
    '      why: response 404 reason',
    '  response  GET /view/token  response 200 application/json: removed',
    '      why: response 200 application/json reason [rule int64-type-changed; the differ said breaking]',
    '',
    'Not breaking:',
    '  response  GET /view/token  response 201: removed (response 201 reason)',
    '',
    'Recorded calls (journal journal.json): 1 of 3 recorded calls breaks (1 not judged)',
    '  GET /view/token?fileId=1',
    '      response 404 removed',
    '      id type changed',
    '  not judged: PUT /x (no such operation in the old spec)',
  ]);
});

test('markdown without a journal: every row is kept at a limit of the whole text plus the 200-character margin, the last row goes at one less', () => {
  const changes = [change('breaking', 'response 404'), change('non-breaking', 'response 201')];
  const whole = toMarkdownReport(report(changes), 1_000_000);
  expect(toMarkdownReport(report(changes), whole.length + 200)).toBe(whole);
  expect(
    toMarkdownReport(report(changes), whole.length + 199)
      .split('\n')
      .slice(-5),
  ).toEqual([
    '| | Side | Operation | Where | Change | Why |',
    '|---|---|---|---|---|---|',
    '| ❌ | response | GET /view/token | response 404 | removed | response 404 reason |',
    '',
    '…and 1 more changes (the JSON report, --format json, has them all).',
  ]);
});

test('markdown with a journal: the change rows are kept first, then the call rows while they fit, to the character', () => {
  const journal: JournalVerdict = {
    ...QUIET_JOURNAL,
    calls: 2,
    broken: [
      { call: 'GET /a', reasons: ['gone'] },
      { call: 'GET /b', reasons: ['gone', 'a <b>'] },
    ],
  };
  const changes = [change('breaking', 'response 404')];
  const whole = toMarkdownReport(report(changes, journal), 1_000_000);
  expect(whole.split('\n').slice(-7)).toEqual([
    '',
    '#### Recorded calls: 2 of 2 recorded calls break',
    '',
    '| Call | Why it breaks |',
    '|---|---|',
    '| GET /a | gone |',
    '| GET /b | gone<br>a \\<b\\> |',
  ]);
  expect(toMarkdownReport(report(changes, journal), whole.length + 200)).toBe(whole);
  expect(
    toMarkdownReport(report(changes, journal), whole.length + 199)
      .split('\n')
      .slice(-9),
  ).toEqual([
    '| ❌ | response | GET /view/token | response 404 | removed | response 404 reason |',
    '',
    '#### Recorded calls: 2 of 2 recorded calls break',
    '',
    '| Call | Why it breaks |',
    '|---|---|',
    '| GET /a | gone |',
    '',
    '…and 1 more recorded calls (the JSON report, --format json, has them all).',
  ]);
});

test.each<[string, ReportedChange['impact'][], JournalVerdict | undefined, boolean]>([
  ['no change and no journal', [], undefined, false],
  ['a not-breaking change and a journal that breaks nothing', ['non-breaking'], QUIET_JOURNAL, false],
  ['a breaking change', ['breaking'], undefined, true],
  [
    'no breaking change but a recorded call that breaks',
    ['non-breaking'],
    { ...QUIET_JOURNAL, broken: [{ call: 'GET /a', reasons: ['gone'] }] },
    true,
  ],
])('toDiffReport with %s says whether it breaks callers', (_, impacts, journal, breaks) => {
  const spec = (file: string) => ({ file, document: {}, title: 'Tokens', version: undefined });
  const changes = impacts.map((impact) => ({
    ...change(impact, 'response 404'),
    kind: 'response' as const,
    action: 'remove' as const,
    location: { side: 'response' as const, operation: undefined, part: 'response 404', rest: [] },
  }));
  expect(toDiffReport({ old: spec('a.yaml'), new: spec('b.yaml') }, DIFFER, changes, journal)).toEqual({
    ...report(
      impacts.map((impact) => change(impact, 'response 404')),
      journal,
    ),
    old: { file: 'a.yaml', title: 'Tokens', version: undefined },
    new: { file: 'b.yaml', title: 'Tokens', version: undefined },
    breaksCallers: breaks,
  });
});

test('a change to the whole document (global security: no operation) has an empty operation cell in markdown and none in text', () => {
  const global: ReportedChange = { ...change('breaking', 'security'), side: 'request', operation: undefined };
  const markdown = toMarkdownReport(report([global])).split('\n');
  expect(markdown.slice(-3)).toEqual([
    '| | Side | Operation | Where | Change | Why |',
    '|---|---|---|---|---|---|',
    '| ❌ | request |  | security | removed | security reason |',
  ]);
  expect(
    toTextReport(report([global]))
      .split('\n')
      .slice(-3),
  ).toEqual(['Breaking changes:', '  request   security: removed', '      why: security reason']);
});
