// other_methods_issue_nothing judged in-process on hand-made answers: its verdict on each method and answer, and its text.
import { OTHER_METHODS_ISSUE_NOTHING } from '../../contracts/checks/methods';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import type { ProbeMethod } from '../../contracts/http-exchange';
import type { ProbeIntent } from '../../contracts/probe-planner';
import { answer, facts, issuing, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const judge = (intent: ProbeIntent, method: ProbeMethod, status: number, body: string): string | undefined =>
  OTHER_METHODS_ISSUE_NOTHING.judge(answer(status, body), probe(intent, { method }), SPEC, facts());

const TOKEN = issuing('vt-0123456789');

test.each<[number, string | undefined]>([
  [199, undefined],
  [200, 'status 200 with a View Token: PUT is not a method of this operation'],
  [204, 'status 204 with a View Token: PUT is not a method of this operation'],
  [299, 'status 299 with a View Token: PUT is not a method of this operation'],
  [300, undefined],
  [405, undefined],
])('a PUT with the Access Token answered %i with a View Token is judged %j', (status, reason) => {
  expect(judge('other-method', 'PUT', status, TOKEN)).toBe(reason);
});

test.each<[string, string, string | undefined]>([
  ['a data string', '{"data":"vt-0123456789"}', 'status 200 with a View Token: POST is not a method of this operation'],
  [
    'code "success" without data',
    '{"code":"success"}',
    'status 200 with a View Token: POST is not a method of this operation',
  ],
  ['code "fail"', '{"code":"fail","message":"no"}', undefined],
  ['an empty data', '{"code":"fail","data":""}', undefined],
  ['null', 'null', undefined],
  ['text', 'ok', undefined],
  ['no body', '', undefined],
])('a POST with the Access Token answered 200 with %s is judged %j', (_label, body, reason) => {
  expect(judge('other-method', 'POST', 200, body)).toBe(reason);
});

test.each<[ProbeMethod, number, string, string | undefined]>([
  ['OPTIONS', 204, '', undefined],
  ['OPTIONS', 200, TOKEN, 'status 200 with a View Token: OPTIONS is not a method of this operation'],
  [
    'HEAD',
    200,
    '',
    'status 200 without credentials: HEAD asks for what the route answers without its content, and was not guarded like it',
  ],
  ['DELETE', 204, '', 'status 204 without credentials: DELETE succeeded unguarded'],
  ['PATCH', 200, 'null', 'status 200 without credentials: PATCH succeeded unguarded'],
  ['DELETE', 299, '', 'status 299 without credentials: DELETE succeeded unguarded'],
  ['DELETE', 300, '', undefined],
  ['DELETE', 401, '', undefined],
  ['PUT', 405, '{"code":"success"}', undefined],
])('without credentials, a %s answered %i (body %j) is judged %j', (method, status, body, reason) => {
  expect(judge('other-method-anonymous', method, status, body)).toBe(reason);
});

test.each<[ProbeMethod, number]>([
  ['HEAD', 200],
  ['DELETE', 204],
  ['OPTIONS', 200],
])(
  'with the Access Token, a %s answered %i issuing nothing is fine (the guard is judged without credentials)',
  (method, status) => {
    expect(judge('other-method', method, status, '')).toBeUndefined();
  },
);
