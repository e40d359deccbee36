// The probe plan in-process: what requests a run makes with the ids it is given. Probe ids are public
// (an `--allow` entry names one, and reports list them), so the whole plan for every id is pinned in a
// snapshot; the tests after it show each rule that decides whether a probe is planned at all.
import type { ContractSpec, IdParameter } from '../../contracts/contract-spec';
import { defaultSpecPath, loadContractSpec } from '../../contracts/contract-spec';
import type { Exchange } from '../../contracts/http-exchange';
import type { IdName } from '../../contracts/options';
import type { Probe } from '../../contracts/probes';
import { planFollowUps, planProbes } from '../../contracts/probes';
import { answer, issuing, options, probe } from '../support/check-inputs';

const SPEC = loadContractSpec(defaultSpecPath());
const EVERY_ID = { fileId: '11', integrateId: '22', childFileId: '33', missingId: '44', forbiddenFileId: '55' };

const plan = (ids: Partial<Record<IdName, string>>, accessToken?: string, spec: ContractSpec = SPEC): Probe[] =>
  planProbes(options(ids, accessToken), spec);
const ids = (probes: readonly Probe[]): string[] => probes.map(({ id }) => id);
const named = (probes: readonly Probe[], id: string): Probe => {
  const found = probes.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no probe "${id}" in: ${ids(probes).join('; ')}`);
  return found;
};

/** The contract with these operations' id parameters (and GET path) instead of its own. */
function specWith(change: { view?: IdParameter[]; child?: IdParameter[]; viewPath?: string }): ContractSpec {
  const { getViewToken, getChildFileViewToken } = SPEC.operations;
  return {
    ...SPEC,
    operations: {
      getViewToken: {
        ...getViewToken,
        idParameters: change.view ?? getViewToken.idParameters,
        path: change.viewPath ?? getViewToken.path,
      },
      getChildFileViewToken: {
        ...getChildFileViewToken,
        idParameters: change.child ?? getChildFileViewToken.idParameters,
      },
    },
  };
}
const int64 = (
  name: string,
  where: 'query' | 'path',
  minimum = -(2n ** 63n),
  maximum = 2n ** 63n - 1n,
): IdParameter => ({
  name,
  in: where,
  minimum,
  maximum,
});

/** One probe as two lines: what it is (as reports and allow-lists name it), then what is sent. */
function described(sent: Probe): string {
  const { method, path, headers, body, shown } = sent.request;
  const request = [`${method} ${path}`, JSON.stringify(headers), body ?? ''];
  if (shown) request.push(`shown as ${shown.path} ${JSON.stringify(shown.headers)} ${shown.body ?? ''}`);
  const what = [sent.intent, sent.id, `where ${sent.where}`, `variant ${sent.variant}`, `object ${sent.object ?? '-'}`];
  // The unknown bearer tokens are 16 random bytes each time.
  return `${what.join(' | ')}\n    ${request.join(' ').trim()}`.replace(/\b[0-9a-f]{32}\b/g, '<16 random bytes>');
}

test('the plan with every id given: each probe, in order, as reports name it and as it is sent', () => {
  expect(plan(EVERY_ID).map(described).join('\n')).toMatchSnapshot();
});

test('the unknown bearer tokens are 16 random bytes, new for each probe and each plan', () => {
  const RANDOM_BEARER = /^Bearer [0-9a-f]{32}$/;
  const unknownBearer = (probes: readonly Probe[], id: string): unknown => {
    const { Authorization } = named(probes, id).request.headers;
    return Array.isArray(Authorization) ? Authorization[0] : Authorization;
  };
  const ids = [
    'GET with an unknown bearer token',
    'GET with two Authorization headers, the Access Token in the second',
    plan(EVERY_ID).find(({ id }) => id.startsWith('GET /view/token/ with an unknown'))?.id ?? '',
  ];
  const first = plan(EVERY_ID);
  const bearers = ids.map((id) => unknownBearer(first, id));
  bearers.forEach((bearer) => expect(bearer).toMatch(RANDOM_BEARER));
  expect(new Set(bearers).size).toBe(3);
  expect(named(first, ids[1] ?? '').request.headers.Authorization).toEqual([
    bearers[1],
    'Bearer access-token-0123456789',
  ]);
  const second = plan(EVERY_ID);
  ids.forEach((id, index) => expect(unknownBearer(second, id)).not.toBe(bearers[index]));
});

describe('what is planned depends on the ids given', () => {
  test('with no object id given, nothing asks for a token: the single-id probes use the first id parameter and --missing-id', () => {
    const probes = plan({ missingId: '44' });
    expect(probes.filter(({ intent }) => intent === 'success' || intent === 'repeat')).toEqual([]);
    expect(probes.filter(({ operation }) => operation === 'getChildFileViewToken')).toEqual([]);
    expect(named(probes, 'GET with no Authorization header').request.path).toBe('/view/token?compareId=44');
    expect(named(probes, 'missing fileId').request.path).toBe('/view/token?fileId=44');
  });

  test('with neither an object id nor --missing-id, the single-id probes ask for id 1', () => {
    expect(named(plan({}), 'GET with no Authorization header').request.path).toBe('/view/token?compareId=1');
  });

  test('the POST is probed only when every id of its path is given', () => {
    const withoutChild = plan({ fileId: '11', integrateId: '22', missingId: '44', forbiddenFileId: '55' });
    expect(withoutChild.filter(({ operation }) => operation === 'getChildFileViewToken')).toEqual([]);
    expect(ids(withoutChild)).toContain('forbidden fileId');
    const child = plan({ integrateId: '22', childFileId: '33' });
    expect(named(child, 'issue child file').request.path).toBe('/data/v2/integrations/22/files/33/viewToken');
  });

  test('the forbidden-file probes go only where the contract has a fileId parameter', () => {
    const noFileId = specWith({
      view: SPEC.operations.getViewToken.idParameters.filter(({ name }) => name !== 'fileId'),
      child: [int64('integrateId', 'path')],
    });
    const probes = plan({ integrateId: '22', forbiddenFileId: '55' }, undefined, noFileId);
    expect(probes.filter(({ intent }) => intent === 'forbidden')).toEqual([]);
    expect(
      ids(plan({ integrateId: '22', forbiddenFileId: '55' }).filter(({ intent }) => intent === 'forbidden')),
    ).toEqual(['forbidden fileId']);
  });

  test('an id parameter in the wrong place is not used: a path id on the GET, a query id on the POST', () => {
    const misplaced = specWith({
      view: [int64('fileId', 'query'), int64('integrateId', 'path')],
      child: [int64('integrateId', 'path'), int64('fileId', 'path'), int64('compareId', 'query')],
    });
    const probes = plan({ fileId: '11', integrateId: '22', childFileId: '33' }, undefined, misplaced);
    expect(ids(probes.filter(({ intent }) => intent === 'success'))).toEqual(['issue fileId', 'issue child file']);
    expect(ids(probes.filter(({ intent }) => intent === 'crossed'))).toEqual([]);
    expect(probes.filter(({ where }) => where.startsWith('GET integrateId') || where.includes('compareId'))).toEqual(
      [],
    );
  });

  test('"two ids at once" needs a second id parameter on the GET', () => {
    const one = specWith({ view: [int64('fileId', 'query')] });
    expect(ids(plan({ fileId: '11' }, undefined, one))).not.toContain('two ids at once');
    expect(named(plan({ fileId: '11' }), 'two ids at once').request.path).toBe('/view/token?fileId=11&compareId=11');
  });
});

describe('the values sent', () => {
  test('boundaries are the edges of the range the schema allows, and 0 and -1 only inside it', () => {
    const narrow = specWith({ view: [int64('fileId', 'query', 1n, 1000n)] });
    const probes = plan({ fileId: '11' }, undefined, narrow).filter(({ intent }) => intent === 'boundary');
    expect(probes.map(({ request }) => request.path)).toEqual(['/view/token?fileId=1', '/view/token?fileId=1000']);
    const negative = specWith({ view: [int64('fileId', 'query', -100n, -5n)] });
    const below = plan({ fileId: '-11' }, undefined, negative).filter(({ intent }) => intent === 'boundary');
    expect(below.map(({ request }) => request.path)).toEqual(['/view/token?fileId=-100', '/view/token?fileId=-5']);
  });

  test('a negative id keeps its sign in the lenient forms', () => {
    const lenient = plan({ fileId: '-11' }).filter(({ intent }) => intent === 'lenient');
    const sent = Object.fromEntries(lenient.map(({ variant, request }) => [variant, decodeURIComponent(request.path)]));
    expect(sent['hexadecimal (0x...)']).toBe('/view/token?fileId=-0xb');
    expect(sent['Arabic-Indic digits']).toBe('/view/token?fileId=-\u0661\u0661');
    expect(sent['fullwidth digits']).toBe('/view/token?fileId=-\uff11\uff11');
  });

  test("a route's last segment without a letter has no percent-encoded form", () => {
    const probes = plan({ fileId: '11' }, undefined, specWith({ viewPath: '/view/2' }));
    const forms = probes.filter(({ intent, operation }) => intent === 'alias' && operation === 'getViewToken');
    expect(forms.map(({ variant }) => variant)).not.toContainEqual(expect.stringMatching(/percent-encoded/));
    expect(forms.map(({ request }) => request.path)).toContain('/VIEW/2?fileId=11');
  });
});

test('an Access Token sent in the query is percent-encoded there, and shown as a stand-in in reports', () => {
  const probes = plan({ fileId: '11' }, 'a+b/c=');
  const { request } = named(probes, 'GET with the Access Token in the query (access_token, accessToken, token)');
  expect(request.path).toBe(
    '/view/token?fileId=11&access_token=a%2Bb%2Fc%3D&accessToken=a%2Bb%2Fc%3D&token=a%2Bb%2Fc%3D',
  );
  expect(request.shown?.path).toBe(
    '/view/token?fileId=11&access_token=<access token>&accessToken=<access token>&token=<access token>',
  );
});

describe('near-misses of the Access Token', () => {
  const nearMisses = (accessToken: string): Record<string, unknown> =>
    Object.fromEntries(
      plan({ fileId: '11' }, accessToken)
        .filter(({ intent, operation }) => intent.startsWith('near-miss') && operation === 'getViewToken')
        .map(({ variant, request }) => [variant, request.headers.Authorization]),
    );

  test('a token ending in x has its last character changed to y, any other to x', () => {
    expect(nearMisses('abcdefgx')['the Access Token with its last character changed']).toBe('Bearer abcdefgy');
    expect(nearMisses('abcdefgh')['the Access Token with its last character changed']).toBe('Bearer abcdefgx');
  });

  test('other letter case swaps each letter both ways; a token without letters has no such near-miss', () => {
    expect(nearMisses('AbCd-1234')['the Access Token in other letter case']).toBe('Bearer aBcD-1234');
    expect(Object.keys(nearMisses('12345678'))).not.toContain('the Access Token in other letter case');
  });

  test('a near-miss that leaves nothing is not sent', () => {
    const misses = nearMisses('A');
    expect(Object.keys(misses)).not.toContain('the Access Token without its last character');
    expect(Object.keys(misses)).not.toContain('the Access Token without its first character');
    expect(misses['the Access Token with a character appended']).toBe('Bearer Ax');
  });

  test('a near-miss that is not a b64token is planned as malformed (only to be refused)', () => {
    const probes = plan({ fileId: '11' }, 'token=x');
    expect(named(probes, 'GET with the Access Token without its first character').intent).toBe('near-miss-malformed');
    expect(named(probes, 'GET with the Access Token without its last character').intent).toBe('near-miss');
  });
});

describe('planFollowUps: a View Token the run was issued, presented as the Access Token', () => {
  const issued = (intent: Probe['intent'], token: string | undefined): { probe: Probe; exchange: Exchange } => ({
    probe: probe(intent),
    exchange: answer(200, token === undefined ? '' : issuing(token)),
  });
  const followUps = (...results: { probe: Probe; exchange: Exchange }[]) =>
    planFollowUps(options(EVERY_ID), SPEC, results).map(({ id, intent, request }) => [
      id,
      intent,
      request.headers.Authorization,
    ]);

  test('the first token issued to a success or repeat probe, on both operations', () => {
    expect(
      followUps(issued('crossed', 'crossed-token'), issued('success', 'first-token'), issued('repeat', 'second')),
    ).toEqual([
      ['GET with a View Token it issued as the Access Token', 'view-token-as-access', 'Bearer first-token'],
      ['POST with a View Token it issued as the Access Token', 'view-token-as-access', 'Bearer first-token'],
    ]);
    expect(followUps(issued('success', undefined), issued('repeat', 'repeated'))[0]).toEqual([
      'GET with a View Token it issued as the Access Token',
      'view-token-as-access',
      'Bearer repeated',
    ]);
  });

  test('nothing when no token was issued, or the token cannot be sent in a header', () => {
    expect(followUps(issued('success', undefined), issued('crossed', 'crossed-token'))).toEqual([]);
    expect(followUps(issued('success', 'line\nbreak'))).toEqual([]);
  });
});
