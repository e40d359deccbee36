import { matchesShown, normalise, parseExamples } from '../support/doc-examples';
import { runPageExamples } from '../support/run-doc-examples';
import { killStartedClis } from '../support/spawn-cli';

afterEach(killStartedClis);

const fence = '```';
const page = (...lines: string[]): string => lines.join('\n');

test('a # line directly under a command is its shown output; # lines after a blank line are comments; a command without output is still run', () => {
  const [example] = parseExamples(
    'page.md',
    page(
      'Intro',
      '',
      `${fence}sh`,
      '# 1. a comment',
      'A=$(echo hi)',
      'echo "$A"',
      '# hi',
      '',
      '# 2. another comment',
      'echo done',
      `${fence}`,
    ),
  );
  expect(example).toEqual({
    file: 'page.md',
    line: 3,
    language: 'sh',
    illustrative: false,
    mockFlags: undefined,
    cannotRun: undefined,
    segments: [
      { code: '# 1. a comment\nA=$(echo hi)\necho "$A"', shown: ['hi'], line: 4 },
      { code: '\n# 2. another comment\necho done', shown: undefined, line: 8 },
    ],
  });
});

test('a block without shown output is no example; marks before the fence are read (blank lines between allowed)', () => {
  const examples = parseExamples(
    'page.md',
    page(
      `${fence}sh`,
      'npm ci && npm start',
      fence,
      '<!-- illustrative: needs staging -->',
      '',
      `${fence}sh`,
      'curl -s https://staging.example.com',
      '# {}',
      fence,
      '<!-- mock: --seed 42 --base-path /api -->',
      `${fence}bash`,
      'curl -s x',
      '# y',
      fence,
    ),
  );
  expect(examples.map(({ line, illustrative, mockFlags }) => ({ line, illustrative, mockFlags }))).toEqual([
    { line: 6, illustrative: true, mockFlags: undefined },
    { line: 11, illustrative: false, mockFlags: ['--seed', '42', '--base-path', '/api'] },
  ]);
});

test.each([
  [
    'js',
    'console.log(1 + 1); // → 2',
    'const a = 1;',
    'a js block with shown output (// →) is not run: show it as a shell example, or mark it <!-- illustrative -->',
  ],
  [
    'console',
    '$ curl -s x\n{"code":"success"}',
    '$ npm ci',
    'a console block is not run: write it as ```sh with the output as # lines under each command, or mark it <!-- illustrative -->',
  ],
])(
  'a %s block that shows output cannot run, and says what to do (one without output is no example)',
  (language, body, withoutOutput, reason) => {
    expect(parseExamples('page.md', page(`${fence}${language}`, body, fence))).toMatchObject([{ cannotRun: reason }]);
    expect(parseExamples('page.md', page(`${fence}${language}`, withoutOutput, fence))).toEqual([]);
  },
);

test('normalise writes tokens, access tokens, times, durations, journal and rule ids and ports alike in shown and actual output', () => {
  expect(
    normalise(
      '{"id":6,"data":"f696b196c874f53e4eab2767cb3ab8f5","token":"cn-de7cc21b-c02c-4a5c-bd66-c8629441b1d9","at":"2026-11-23T20:49:18.505Z"}\r\n',
    ),
  ).toBe('{"id":<id>,"data":"<token>","token":"cn-<uuid>","at":"<time>"}');
  expect(
    normalise('{"id":"r12","expireTime":"2026-11-30 20:49:18"} http://127.0.0.1:38811/x 200 after 3.006372s  \n\n'),
  ).toBe('{"id":<id>,"expireTime":"<time>"} http://127.0.0.1:<port>/x 200 after <seconds>s');
  expect(normalise('Date: Wed, 25 Nov 2026 13:21:00 GMT')).toBe('Date: <time>');
});

test.each([
  [['a', '...', 'd'], ['a', 'b', 'c', 'd'], true],
  [['a', '...', 'd'], ['a', 'd'], true],
  [['...'], [], true],
  [['a', 'b'], ['a', 'b', 'c'], false],
  [['a', '...', 'd'], ['a', 'b', 'c'], false],
  [['a'], ['A'], false],
])('shown %j against actual %j: %s (a "..." line stands for any lines)', (shown, actual, matches) => {
  expect(matchesShown(shown, actual)).toBe(matches);
});

test('against a real mock: output as shown passes; a stale shown output, and a command that fails, are each reported with the page line', async () => {
  const examples = parseExamples(
    'page.md',
    page(
      `${fence}sh`,
      "curl -s 'http://127.0.0.1:4010/view/tokens?fileId=1' -H 'Authorization: Bearer x'",
      '# {"code":"route.not.found","data":null,"message":"No route GET /view/tokens; did you mean GET /view/token?"}',
      "curl -s 'http://127.0.0.1:4010/view/token?fileId=1' -H 'Authorization: Bearer x'",
      '# {"code":"permission.denied","data":null,"message":"The object belongs to another application."}',
      'ls no-such-file',
      fence,
    ),
  );
  const failures = await runPageExamples(examples);
  expect(failures).toEqual([
    'page.md:4: the page shows\n{"code":"permission.denied","data":null,"message":"The object belongs to another application."}\nbut the run printed\n{"code":"success","data":"<token>","message":""}',
    "page.md:6: exited 2:\nls: cannot access 'no-such-file': No such file or directory\n",
  ]);
}, 60_000);

test('a block marked <!-- mock: FLAGS --> runs against its own mock started with them; variables carry from block to block', async () => {
  const examples = parseExamples(
    'page.md',
    page(
      `${fence}sh`,
      'ID=10001',
      'echo "$ID"',
      '# 10001',
      fence,
      '<!-- mock: --base-path /api -->',
      `${fence}sh`,
      'curl -s "http://127.0.0.1:4010/api/view/token?fileId=$ID" -H \'Authorization: Bearer x\'',
      '# {"code":"success","data":"0123456789abcdef0123456789abcdef","message":""}',
      fence,
    ),
  );
  expect(await runPageExamples(examples)).toEqual([]);
}, 60_000);

test('a command that never ends is reported at its line, with what to do', async () => {
  const examples = parseExamples('page.md', page(`${fence}sh`, 'echo one', '# one', 'sleep 30', '# never', fence));
  expect(await runPageExamples(examples, 1500)).toEqual([
    'page.md:4: did not end within 1.5 s (a command that keeps running, such as npm start, cannot run: mark the block <!-- illustrative -->)\n',
  ]);
}, 60_000);
