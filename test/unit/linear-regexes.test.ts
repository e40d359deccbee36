import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The lint (eslint.config.mjs) holds the mock's regular expressions to linear time; these show it
// refuses the two shapes issue 43 found, and passes the modules a request's text reaches. ESLint runs
// as the project runs it (its config is an ES module, which Jest's module system cannot load).
const root = path.resolve(__dirname, '../..');
const RULES = ['regexp/no-super-linear-move', 'regexp/no-super-linear-backtracking'];

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

function lint(args: string[], input?: string): LintResult[] {
  const run = spawnSync(path.join(root, 'node_modules/.bin/eslint'), ['--format', 'json', ...args], {
    cwd: root,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });
  return JSON.parse(run.stdout) as LintResult[];
}

const findings = (results: LintResult[]): (string | null)[] =>
  results.flatMap((result) => result.messages.map((message) => message.ruleId));

test.each([
  [
    'a trailing-slash trim, retried from each slash of a run',
    "export const trim = (path: string): string => path.replace(/\\/+$/, '');\n",
    'regexp/no-super-linear-move',
  ],
  [
    'whitespace then anything, trading characters',
    'export const read = (value: string) => /^bearer\\s+(.*)$/i.exec(value);\n',
    'regexp/no-super-linear-backtracking',
  ],
])('the lint refuses %s, in mock code', (_label, code, rule) => {
  expect(findings(lint(['--stdin', '--stdin-filename', 'mock/core/example.ts'], code))).toEqual([rule]);
});

const REQUEST_FED = [
  'mock/core/access-tokens.ts',
  'mock/core/bearer-credentials.ts',
  'mock/core/duration.ts',
  'mock/core/int64.ts',
  'mock/core/journal-match.ts',
  'mock/core/near-miss.ts',
  'mock/core/scenarios/preferences.ts',
  'mock/core/scenarios/rule-check.ts',
  'mock/core/scenarios/rule-index.ts',
  'mock/core/scenarios/switch-plan.ts',
  'mock/core/session-limit.ts',
  'mock/core/store-errors.ts',
  'mock/core/routing/request-messages.ts',
  'mock/core/routing/validate-request.ts',
  'mock/core/routing/match-route.ts',
  'mock/front/admin-guard.ts',
  'mock/front/cors.ts',
  'mock/front/failure.ts',
  'mock/front/handle-request.ts',
  'mock/front/json-body.ts',
  'mock/front/request-limits.ts',
  'mock/front/session-step.ts',
  'mock/front/unmatched.ts',
  'mock/http/admin-token.ts',
  'mock/http/client-error.ts',
  'mock/http/node-request.ts',
  'mock/http/parse-query.ts',
  'mock/http/read-body.ts',
];

/** The severity of each rule for each file, as the project's config sets it (2: error). */
function severities(files: readonly string[]): Record<string, unknown[]> {
  const script = `
    const { ESLint } = require('eslint');
    const eslint = new ESLint();
    Promise.all(${JSON.stringify(files)}.map(async (file) => {
      const config = await eslint.calculateConfigForFile(file);
      return [file, ${JSON.stringify(RULES)}.map((rule) => config.rules[rule]?.[0])];
    })).then((entries) => console.log(JSON.stringify(Object.fromEntries(entries))));`;
  const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(run.stdout) as Record<string, unknown[]>;
}

test('the modules whose regular expressions a request feeds are held to both rules, and pass them', () => {
  expect(severities(REQUEST_FED)).toEqual(Object.fromEntries(REQUEST_FED.map((file) => [file, [2, 2]])));
  const results = lint(REQUEST_FED);
  expect(results.map((result) => path.relative(root, result.filePath)).sort()).toEqual([...REQUEST_FED].sort());
  expect(findings(results)).toEqual([]);
});
