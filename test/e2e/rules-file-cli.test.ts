import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killStartedClis, runCli, startCli } from '../support/spawn-cli';

afterEach(killStartedClis);

const scratch = mkdtempSync(path.join(tmpdir(), 'vtm-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const write = (name: string, content: unknown): string => {
  const file = path.join(scratch, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const AUTH = { Authorization: 'Bearer demo-access-token' };

test("--rules loads a session's rules file and the config's ruleFiles theirs, at start; a session reset brings its file's rules back", async () => {
  const rules = write('qa-7.rules.json', {
    session: 'qa-7',
    rules: [{ when: { operation: 'getViewToken' }, then: { code: 401 }, after: 1, times: 1 }],
  });
  write('global.rules.json', [{ when: { param: 'fileId', equals: '9' }, then: { scenario: 'forbidden' } }]);
  const config = write('config.json', { ruleFiles: ['global.rules.json'] });
  const cli = await startCli(['--port', '0', '--log-level', 'warn', '--config', config, '--rules', rules]);
  const listed = await (await fetch(`${cli.baseUrl}/__admin/scenarios`)).json();
  expect(listed).toEqual({
    rules: [
      {
        id: 'r1',
        session: '',
        when: { param: 'fileId', equals: '9' },
        then: { scenario: 'forbidden' },
        remaining: null,
      },
      { id: 'r2', session: 'qa-7', when: { operation: 'getViewToken' }, then: { code: 401 }, remaining: 1, after: 1 },
    ],
  });
  const asQa7 = { ...AUTH, 'X-Mock-Session': 'qa-7' };
  const statuses = async (): Promise<number[]> => {
    const answers: number[] = [];
    for (let call = 0; call < 3; call += 1)
      answers.push((await fetch(`${cli.baseUrl}/view/token?fileId=1`, { headers: asQa7 })).status);
    return answers;
  };
  expect(await statuses()).toEqual([200, 401, 200]);
  const reset = await fetch(`${cli.baseUrl}/__admin/reset`, { method: 'POST', headers: { 'X-Mock-Session': 'qa-7' } });
  expect(reset.status).toBe(204);
  expect(await statuses()).toEqual([200, 401, 200]);
  expect((await fetch(`${cli.baseUrl}/view/token?fileId=9`, { headers: AUTH })).status).toBe(403);
  expect(await cli.stop()).toBe(0);
});

test.each<[string, unknown, string]>([
  [
    'a rule letting -1 calls through',
    { session: 'qa-7', rules: [{ then: { code: 401 } }, { then: { code: 401 }, after: -1 }] },
    'rule [1]: "after" -1 must be an integer from 0 (did you mean 0?)',
  ],
  ['an empty array', [], '"rules" is empty; give at least one rule'],
  ['a misspelt key', { sesion: 'qa-7', rules: [] }, '"sesion" is not part of a rules file (known: session, rules)'],
  [
    'a session that is not a string',
    { session: 7, rules: [] },
    '"session" must be a string; a rules file is a JSON array of rules, or {"session": "name", "rules": [...]}',
  ],
])('a rules file with %s stops the CLI with one line naming the file: exit 2', (label, content, problem) => {
  const file = write(`${label.replace(/\W+/g, '-')}.json`, content);
  const result = runCli(['--port', '0', '--rules', file]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe(`view-token-mock: --rules ${file}: ${problem}`);
});

test('a rules file that is not JSON stops the CLI with one line naming the file and what the parser saw', () => {
  const file = write('not-json.json', '[{');
  const result = runCli(['--port', '0', '--rules', file]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(new RegExp(`^view-token-mock: --rules ${file}: not valid JSON \\(.+\\)$`)),
  ]);
});

test("a config's ruleFiles entry with a bad rule stops the CLI naming the config, the entry and the rule's index", () => {
  write('bad.rules.json', { session: 'qa-8', rules: [{ then: { scenario: 'forbiden' } }] });
  const config = write('bad-config.json', { ruleFiles: ['bad.rules.json'] });
  const result = runCli(['--port', '0', '--config', config]);
  expect(result.status).toBe(2);
  expect(result.stderr.trim()).toBe(
    `view-token-mock: --config ${config}: ruleFiles[0] bad.rules.json: rule [0]: scenario=forbiden is not one this operation can answer (operation any service operation); did you mean scenario=forbidden?`,
  );
});

test('--help names --rules and the two shapes of a rules file', () => {
  expect(runCli(['--help']).stdout).toContain(
    '  --rules <value>           JSON rules file loaded at start: an array of rules (global session) or {"session": "qa-7", "rules": [...]}',
  );
});
