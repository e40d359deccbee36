// planRun in-process, before any request: which checks a run holds the target to (--checks,
// --exclude-checks, --checks-version), the UsageError for a check name it does not know or a check
// newer than the version, and the one for flags that leave no check able to run (naming what is missing).
import { CHECKS } from '../../contracts/checks';
import type { ContractInput } from '../../contracts/library-options';
import { toContractOptions } from '../../contracts/library-options';
import type { RunPlan } from '../../contracts/run-plan';
import { planRun } from '../../contracts/run-plan';
import { UsageError } from '../../contracts/usage-error';
import { ACCESS_TOKEN } from '../support/check-inputs';

const EVERY_ID = { fileId: '11', integrateId: '22', childFileId: '33', missingId: '44', forbiddenFileId: '55' };
const KNOWN = CHECKS.map((check) => check.name).join(', ');

/** The plan of a run with every id, changed by `input`. */
const plan = (input: Partial<ContractInput> = {}): RunPlan =>
  planRun(toContractOptions({ target: 'http://127.0.0.1:1', accessToken: ACCESS_TOKEN, ids: EVERY_ID, ...input }));
const checksOf = (input: Partial<ContractInput>): string[] => plan(input).checks.map((check) => check.name);

/** The message of the UsageError planning a run with `input` throws (the test fails if it throws none, or another error). */
function usageError(input: Partial<ContractInput>): string {
  try {
    plan(input);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('planRun threw no UsageError');
}

describe('the checks a run holds the target to', () => {
  test('by default, every check, in report order', () => {
    expect(checksOf({})).toEqual(CHECKS.map((check) => check.name));
  });

  test('--checks: only the checks named, in report order whatever the order given', () => {
    expect(checksOf({ checks: ['unauthorized_is_401', 'ignored_auth'] })).toEqual([
      'ignored_auth',
      'unauthorized_is_401',
    ]);
  });

  test('--exclude-checks: every check but those named', () => {
    expect(checksOf({ excludeChecks: ['ignored_auth', 'path_ids_decide'] })).toEqual(
      CHECKS.map((check) => check.name).filter((name) => name !== 'ignored_auth' && name !== 'path_ids_decide'),
    );
  });

  test('--checks-version 1: the checks of version 1 only', () => {
    expect(checksOf({ checksVersion: 1 })).toEqual(
      CHECKS.filter((check) => check.since === 1).map((check) => check.name),
    );
  });

  test('--checks may name a check of exactly the version pinned (version 1 with --checks-version 1, version 2 with 2)', () => {
    expect(checksOf({ checksVersion: 1, checks: ['ignored_auth'] })).toEqual(['ignored_auth']);
    expect(checksOf({ checksVersion: 2, checks: ['path_ids_decide'] })).toEqual(['path_ids_decide']);
    expect(checksOf({ checksVersion: 1, excludeChecks: ['ignored_auth'] })).not.toContain('ignored_auth');
  });
});

describe('a check name the run cannot use is a UsageError before any request', () => {
  test('--checks with a mistyped name says which check it probably meant, and lists the known ones', () => {
    expect(usageError({ checks: ['ignored_auth', 'ignored_aut'] })).toBe(
      `--checks: unknown check ignored_aut (did you mean ignored_auth?); known: ${KNOWN}`,
    );
  });

  test('--checks with a name near no check lists the known ones only', () => {
    expect(usageError({ checks: ['nothing_like_it_at_all'] })).toBe(
      `--checks: unknown check nothing_like_it_at_all; known: ${KNOWN}`,
    );
  });

  test('--exclude-checks with an unknown name names that flag', () => {
    expect(usageError({ excludeChecks: ['unauthorised_is_401'] })).toBe(
      `--exclude-checks: unknown check unauthorised_is_401 (did you mean unauthorized_is_401?); known: ${KNOWN}`,
    );
  });

  test.each([
    ['--checks', { checks: ['path_ids_decide'] }],
    ['--exclude-checks', { excludeChecks: ['path_ids_decide'] }],
  ])('%s naming a check newer than --checks-version says which version added it', (flag, names) => {
    expect(usageError({ checksVersion: 1, ...names })).toBe(
      `${flag}: path_ids_decide was added in checks version 2; --checks-version 1 does not have it`,
    );
  });
});

describe('flags that leave no check able to run are a UsageError naming what is missing', () => {
  test('no object id: the id flags to add, said once', () => {
    expect(usageError({ ids: {} })).toBe(
      'no check can run with these flags, so nothing would be judged: no object id given: add --file-id (or --integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id for the POST)',
    );
  });

  test("an id given: each chosen check's skip reason, in report order, joined with '; ' and each said once", () => {
    const checks = [
      'view_token_unforgeable',
      'missing_object_not_found',
      'forbidden_object_rejected',
      'view_token_object_scoped',
    ];
    expect(usageError({ ids: { fileId: '11' }, checks })).toBe(
      'no check can run with these flags, so nothing would be judged: ' +
        'one object id given, and one View Token cannot show this: give a second object id (--integrate-id, --compare-id, --scene-id, --submodel-id, --clash-detective-id, --module-data-id; --integrate-id with --child-file-id); ' +
        'add --missing-id N (an id that names no object); ' +
        'add --forbidden-file-id N (a file of another application)',
    );
  });

  test.each<[string, Partial<ContractInput>]>([
    ['--exclude-checks naming every check', { excludeChecks: CHECKS.map((check) => check.name) }],
    ['an empty list of checks', { checks: [] }],
    ['no check and no id', { checks: [], ids: {} }],
  ])('%s: no check is left, said as such', (_label, input) => {
    expect(usageError(input)).toBe(
      'no check can run with these flags, so nothing would be judged: --checks and --exclude-checks leave no check',
    );
  });

  test('one check that can run is enough: the run is planned, the others are skipped when judged', () => {
    expect(checksOf({ ids: { fileId: '11' }, checks: ['ignored_auth', 'missing_object_not_found'] })).toEqual([
      'ignored_auth',
      'missing_object_not_found',
    ]);
  });
});
