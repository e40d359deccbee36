// What reports may show of a run's credentials, in-process: an Authorization value keeps its scheme,
// and the Access Token and every View Token carrying it are replaced wherever the server echoed them.
import type { RunFacts } from '../../contracts/check-types';
import { hideSecrets, redact } from '../../contracts/redact';
import { answer, result } from '../support/report-fixture';

test.each<[string, string, string]>([
  ['Authorization', 'Bearer abc', 'Bearer <redacted>'],
  ['authorization', 'Basic a b', 'Basic <redacted>'],
  ['Authorization', 'abc', '<redacted>'],
  ['X-Note', 'Bearer abc', 'Bearer abc'],
])('redact(%j, %j) is %j', (name, value, shown) => {
  expect(redact(name, value)).toBe(shown);
});

const ACCESS = 'access-token-123';
const CARRIER = Buffer.from(`{"t":"${ACCESS}"}`).toString('base64url');

function facts(accessToken: string, issuedTokens: string[]): RunFacts {
  return { accessToken, issuedTokens, tokenObjects: new Map(), controls: new Map(), notProbed: [] };
}

test('the Access Token and a View Token carrying it are replaced in the URL, headers and body, the carrier whole; other tokens stay', () => {
  const echoed = result(
    'echo',
    'GET fileId',
    'echo',
    answer(`/view/token?t=${ACCESS}`, 200, `{"data":"${CARRIER}","other":"vt-plain","echo":"${ACCESS}"}`, {
      'x-echo': `${ACCESS};${CARRIER}`,
      authorization: `Bearer ${ACCESS}`,
    }),
  );
  const shown = hideSecrets([echoed], facts(ACCESS, [CARRIER, 'vt-plain'])).get(echoed);
  expect(shown?.probe).toBe(echoed.probe);
  expect(shown?.exchange).toEqual({
    ...echoed.exchange,
    request: {
      ...echoed.exchange.request,
      url: 'http://127.0.0.1:8080/api/view/token?t=<access token>',
      headers: { Authorization: '<redacted>', Accept: '*/*' },
    },
    headers: {
      'x-echo': '<access token>;<a View Token carrying the access token>',
      authorization: 'Bearer <redacted>',
    },
    bodyText: '{"data":"<a View Token carrying the access token>","other":"vt-plain","echo":"<access token>"}',
  });
});

test('an Access Token shorter than 8 characters is not searched for, and with no secret nothing is replaced', () => {
  const echoed = result('echo', 'GET fileId', 'echo', answer('/view/token?t=short', 200, 'short', {}));
  expect(hideSecrets([echoed], facts('short', ['vt-1'])).size).toBe(0);
});

test('an Access Token of exactly 8 characters is searched for', () => {
  const echoed = result('echo', 'GET fileId', 'echo', answer('/view/token', 200, 'eight-ch', {}));
  const shown = hideSecrets([echoed], facts('eight-ch', [])).get(echoed)?.exchange;
  expect(shown?.kind === 'response' ? shown.bodyText : undefined).toBe('<access token>');
});

test('a request body is hidden too; a broken exchange keeps its kind and reason', () => {
  const base = answer('/data/x', 200, '', {});
  const broken = result('broken', 'POST fileId', 'body', {
    kind: 'broken',
    request: { ...base.request, body: `{"token":"${ACCESS}"}` },
    timing: base.timing,
    reason: 'reset',
  });
  expect(hideSecrets([broken], facts(ACCESS, [])).get(broken)?.exchange).toEqual({
    kind: 'broken',
    request: {
      ...base.request,
      headers: { Authorization: '<redacted>', Accept: '*/*' },
      body: '{"token":"<access token>"}',
    },
    timing: base.timing,
    reason: 'reset',
  });
});

test('a View Token that carries the Access Token in plain text is replaced whole, not around the token inside it', () => {
  const carrier = `vt.${ACCESS}.sig`;
  const echoed = result('echo', 'GET fileId', 'echo', answer('/view/token', 200, `${carrier} ${ACCESS}`, {}));
  const shown = hideSecrets([echoed], facts(ACCESS, [carrier])).get(echoed)?.exchange;
  expect(shown?.kind === 'response' ? shown.bodyText : undefined).toBe(
    '<a View Token carrying the access token> <access token>',
  );
});

test('of two carriers, one inside the other, the longer is replaced whole whichever was issued first', () => {
  const inner = `vt.${ACCESS}`;
  const outer = `${inner}.renewed`;
  const echoed = result('echo', 'GET fileId', 'echo', answer('/view/token', 200, `${outer} ${inner}`, {}));
  const shown = hideSecrets([echoed], facts(ACCESS, [inner, outer])).get(echoed)?.exchange;
  expect(shown?.kind === 'response' ? shown.bodyText : undefined).toBe(
    '<a View Token carrying the access token> <a View Token carrying the access token>',
  );
});
