// success_envelope judged in-process on hand-made answers: each part of the envelope, in order.
import { SUCCESS_ENVELOPE } from '../../contracts/checks/conformance';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import { answer, facts, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const judge = (status: number, body: string, method: 'GET' | 'POST' = 'GET'): string | undefined =>
  SUCCESS_ENVELOPE.judge(
    answer(status, body),
    probe('success', { method }, method === 'POST' ? 'getChildFileViewToken' : 'getViewToken'),
    SPEC,
    facts(),
  );

test.each<[string, string | undefined]>([
  ['{"code":"success","data":"vt-1","message":""}', undefined],
  ['null', 'the body is not a JSON object'],
  ['[]', 'the body is not a JSON object'],
  ['"vt-1"', 'the body is not a JSON object'],
  ['not json', 'the body is not a JSON object'],
  ['{"code":"fail","data":"vt-1","message":""}', 'code is "fail", not "success"'],
  ['{"data":"vt-1","message":""}', 'code is undefined, not "success"'],
  ['{"code":"success","data":"vt-1","message":"ok"}', 'message is "ok", not ""'],
  ['{"code":"success","data":"vt-1"}', 'message is undefined, not ""'],
  ['{"code":"success","data":"","message":""}', 'data is "", not a non-empty string'],
  ['{"code":"success","data":42,"message":""}', 'data is 42, not a non-empty string'],
  ['{"code":"success","message":""}', 'data is undefined, not a non-empty string'],
])('a 200 with %s is judged %j', (body, reason) => {
  expect(judge(200, body)).toBe(reason);
});

test('a status other than a success fails first; a POST may answer 201 with any body', () => {
  expect(judge(404, '{}')).toBe('status 404, not a success');
  expect(judge(201, 'anything', 'POST')).toBeUndefined();
  expect(judge(201, 'anything')).toBe('status 201, not a success');
});
