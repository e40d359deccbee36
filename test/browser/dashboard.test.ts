import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MockServer } from '../../mock/server';
import { createMockServer } from '../../mock/server';
import { collectPageErrors, launchChromium, screenshot } from '../support/browser';

// Real Chromium driving the dashboard and the try page of an in-process mock, as a QA tester would.
jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

/** Texts of the cells with this data-label in a table body, row by row. */
function column(page: Page, body: string, label: string): Promise<string[]> {
  return page.locator(`#${body} td[data-label="${label}"]`).allTextContents();
}

async function issueOnTryPage(page: Page, type: string, id: string): Promise<string> {
  await page.selectOption('#object-type', type);
  await page.fill('#object-id', id);
  await page.click('#issue-form button[type=submit]');
  // The page empties the result when it asks, so this waits for this request's answer.
  await page.locator('#issue-result .status').waitFor();
  return (await page.locator('#issue-result').textContent()) ?? '';
}

/** Answers the page's next confirm() (accept or dismiss) and gives its question. */
function answerNextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

describe('a QA tester with the dashboard and the try page', () => {
  let mock: MockServer;
  let baseUrl: string;
  let context: BrowserContext;
  let dashboard: Page;
  let tryPage: Page;
  const pageErrors: string[][] = [];

  beforeAll(async () => {
    mock = await createMockServer({ seed: 11, logLevel: 'silent' });
    baseUrl = await mock.listen(0, '127.0.0.1');
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    dashboard = await context.newPage();
    tryPage = await context.newPage();
    for (const page of [dashboard, tryPage]) {
      page.setDefaultTimeout(10_000);
      pageErrors.push(collectPageErrors(page));
    }
    await tryPage.goto(`${baseUrl}/__admin/ui/try`);
    await dashboard.goto(`${baseUrl}/__admin/ui`);
  });
  afterAll(async () => {
    await context.close();
    await mock.close();
  });

  test('tokens issued on the try page appear on the dashboard, valid, counting down from 12 hours', async () => {
    expect(await issueOnTryPage(tryPage, 'file', '1001')).toMatch(/^200 GET \/view\/token\?fileId=1001/);
    const fileToken = await tryPage.inputValue('#view-token');
    expect(fileToken).toMatch(/^[0-9a-f]{32}$/);
    expect(await issueOnTryPage(tryPage, 'childFile', '1002')).toContain(
      '/data/v2/integrations/2001/files/1002/viewToken',
    );

    await dashboard.locator('#tokens-body tr', { hasText: fileToken }).waitFor();
    await dashboard.waitForFunction(() => document.querySelectorAll('#tokens-body tr').length === 2);
    expect(await column(dashboard, 'tokens-body', 'Object')).toEqual(
      expect.arrayContaining(['file 1001', 'childFile 1002 (integration 2001)']),
    );
    expect(await column(dashboard, 'tokens-body', 'State')).toEqual(['valid', 'valid']);
    for (const countdown of await column(dashboard, 'tokens-body', 'Expires in'))
      expect(countdown).toMatch(/^(12:00:00|11:59:\d\d)$/);
  });

  test('opening the model on the try page shows its metadata and counts as a use', async () => {
    await tryPage.click('#open-form button[type=submit]');
    await tryPage.locator('#open-result dl.metadata').waitFor();
    const result = (await tryPage.locator('#open-result').textContent()) ?? '';
    expect(result).toMatch(/^200 GET \/inside\/databag\?viewToken=[0-9a-f]{32}/);
    expect(result).toMatch(/renderType(bimView|drawingView)/);
    await dashboard.waitForFunction(() =>
      [...document.querySelectorAll('#tokens-body td[data-label="Last use"]')].some((cell) => cell.textContent !== '—'),
    );
  });

  test('the keyboard advances the clock 12 h and every token shows expired; the viewer then gets 401', async () => {
    await dashboard.focus('#clock-advance-12h');
    await dashboard.keyboard.press('Enter');
    await dashboard.waitForFunction(() =>
      [...document.querySelectorAll('#tokens-body td[data-label="State"]')].every(
        (cell) => cell.textContent === 'expired',
      ),
    );
    expect(await column(dashboard, 'tokens-body', 'Expires in')).toEqual(['expired', 'expired']);
    expect(await dashboard.textContent('#clock-offset')).toMatch(/^\+12(\.\d+)? h from real time$/);

    await tryPage.selectOption('#object-type', 'file');
    await tryPage.click('#open-form button[type=submit]');
    await tryPage.locator('#open-result .status', { hasText: /^401$/ }).waitFor();
    expect(await tryPage.textContent('#open-result')).toContain('authentication.failed');
  });

  test('a 403 rule added from the form makes the try page get 403, once', async () => {
    await dashboard.selectOption('#rule-operation', 'getViewToken');
    await dashboard.fill('#rule-param', 'fileId');
    await dashboard.fill('#rule-equals', '1001');
    await dashboard.selectOption('#rule-outcome', 'scenario=forbidden');
    await dashboard.fill('#rule-times', '1');
    await dashboard.click('#rule-form button[type=submit]');
    await dashboard.locator('#rules-body td[data-label="Uses left"]', { hasText: '1' }).waitFor();
    expect(await column(dashboard, 'rules-body', 'When')).toEqual(['getViewToken, fileId = 1001']);
    expect(await dashboard.textContent('#status')).toMatch(/^Added rule r\d+: getViewToken → scenario=forbidden\.$/);

    expect(await issueOnTryPage(tryPage, 'file', '1001')).toMatch(/^403 .*permission\.denied/);
    await dashboard.locator('#rules-body td.empty').waitFor();
    expect(await issueOnTryPage(tryPage, 'file', '1001')).toMatch(/^200 /);
  });

  test('the journal lists the requests newest first, with statuses and the outcome a rule applied', async () => {
    await dashboard.waitForFunction(() => document.querySelectorAll('#journal-body tr').length >= 6);
    const statuses = await column(dashboard, 'journal-body', 'Status');
    const operations = await column(dashboard, 'journal-body', 'Operation');
    expect(statuses.slice(0, 5)).toEqual(['200', '403', '401', '200', '200']);
    expect(operations.slice(0, 5)).toEqual([
      'getViewToken',
      'getViewToken',
      'getViewerData',
      'getViewerData',
      'getChildFileViewTokenByGet',
    ]);
    expect((await column(dashboard, 'journal-body', 'Outcome'))[1]).toMatch(/r\d+/);
    expect(await dashboard.getAttribute('#journal-body tr:nth-child(2) .status', 'class')).toBe('status s4xx');
  });

  test('hostile input from a request shows as text in the journal, never as markup', async () => {
    const hostile = '<img src=x onerror="document.title=\'pwned\'">';
    await fetch(`${baseUrl}/view/token?fileId=5`, {
      headers: { Authorization: 'Bearer t', 'X-Mock-Session': hostile },
    });
    await dashboard.locator('#journal-body td[data-label="Session"]', { hasText: hostile }).waitFor();
    expect(await dashboard.locator('#journal-body img, #tokens-body img').count()).toBe(0);
    expect(await dashboard.title()).toBe('view-token-mock dashboard');
  });

  test('the session filter narrows tokens and journal to one X-Mock-Session', async () => {
    await fetch(`${baseUrl}/view/token?fileId=77`, {
      headers: { Authorization: 'Bearer t', 'X-Mock-Session': 'tester-b' },
    });
    await dashboard.fill('#session-filter', 'tester-b');
    await dashboard.waitForFunction(
      () =>
        document.querySelectorAll('#tokens-body tr').length === 1 &&
        document.querySelectorAll('#journal-body tr').length === 1,
    );
    expect(await column(dashboard, 'tokens-body', 'Object')).toEqual(['file 77']);
    expect(await column(dashboard, 'journal-body', 'Session')).toEqual(['tester-b']);
    await dashboard.fill('#session-filter', '');
  });

  test("the catalog lists each operation's outcomes with a copy button for each curl line", async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const first = dashboard.locator('#catalog-list details').first();
    await first.locator('summary').click();
    const curl = (await first.locator('.curl code').first().textContent()) ?? '';
    expect(curl).toMatch(new RegExp(`^curl .*${baseUrl.replace(/[.:/]/g, '\\$&')}`));
    await first.locator('.curl button').first().click();
    expect(await dashboard.evaluate(() => navigator.clipboard.readText())).toBe(curl);
  });

  test('the one-click "all requests → 503" rule answers 503 everywhere until the rules are cleared', async () => {
    await dashboard.click('button[data-all-requests="code=503"]');
    await dashboard.locator('#rules-body td[data-label="Then"]', { hasText: 'code=503' }).waitFor();
    expect(await issueOnTryPage(tryPage, 'scene', '9')).toMatch(/^503 /);
    const asked = answerNextDialog(dashboard, true);
    await dashboard.click('#rules-clear');
    expect(await asked).toBe('Remove 1 rule of every session?');
    await dashboard.locator('#rules-body td.empty').waitFor();
    expect(await issueOnTryPage(tryPage, 'scene', '9')).toMatch(/^200 /);
  });

  test('the "Show session" filter pre-fills the rule form\'s session, and stops once the tester types another', async () => {
    await dashboard.fill('#session-filter', 'tester-c');
    expect(await dashboard.inputValue('#rule-session')).toBe('tester-c');
    await dashboard.fill('#session-filter', 'tester-d');
    expect(await dashboard.inputValue('#rule-session')).toBe('tester-d');
    await dashboard.fill('#rule-session', 'my-own');
    await dashboard.fill('#session-filter', '');
    expect(await dashboard.inputValue('#rule-session')).toBe('my-own');
    await dashboard.fill('#rule-session', '');
  });

  test("under a session filter, Clear rules says how many it removes, asks once, and clears that session's rules only", async () => {
    const addRule = (session: string) =>
      fetch(`${baseUrl}/__admin/scenarios`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Mock-Session': session },
        body: JSON.stringify({ then: { code: 503 } }),
      });
    await addRule('tester-x');
    await addRule('tester-x');
    await addRule('tester-y');
    await dashboard.fill('#session-filter', 'tester-x');
    await dashboard.waitForFunction(() => document.getElementById('rules-count')?.textContent === '2');
    const dismissed = answerNextDialog(dashboard, false);
    await dashboard.click('#rules-clear');
    expect(await dismissed).toBe('Remove 2 rules of session "tester-x"?');
    const accepted = answerNextDialog(dashboard, true);
    await dashboard.click('#rules-clear');
    expect(await accepted).toBe('Remove 2 rules of session "tester-x"?');
    await dashboard.locator('#rules-body td.empty').waitFor();
    const left = (await (await fetch(`${baseUrl}/__admin/scenarios`)).json()) as { rules: { session: string }[] };
    expect(left.rules.map((rule) => rule.session)).toEqual(['tester-y']);
    await fetch(`${baseUrl}/__admin/scenarios`, { method: 'DELETE' });
    await dashboard.fill('#session-filter', '');
  });

  test('Revoke and Remove on one row ask once, naming the token or rule, and act only when accepted', async () => {
    const issued = (await (
      await fetch(`${baseUrl}/view/token?fileId=4242`, { headers: { Authorization: 'Bearer x' } })
    ).json()) as { data: string };
    const rule = (await (
      await fetch(`${baseUrl}/__admin/scenarios`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ then: { code: 503 } }),
      })
    ).json()) as { id: string };
    const revoke = dashboard.getByRole('button', { name: `Revoke View Token ${issued.data}` });
    const remove = dashboard.getByRole('button', { name: `Remove rule ${rule.id}` });
    await revoke.waitFor();
    await remove.waitFor();
    const tokenCount = async () =>
      (
        (await (await fetch(`${baseUrl}/__admin/view-tokens`)).json()) as { viewTokens: { token: string }[] }
      ).viewTokens.filter((record) => record.token === issued.data).length;
    const ruleCount = async () =>
      ((await (await fetch(`${baseUrl}/__admin/scenarios`)).json()) as { rules: { id: string }[] }).rules.filter(
        (listed) => listed.id === rule.id,
      ).length;

    const dismissed = answerNextDialog(dashboard, false);
    await revoke.click();
    expect(await dismissed).toBe(`Revoke View Token ${issued.data}? A viewer using it gets 401 from now on.`);
    const keptRule = answerNextDialog(dashboard, false);
    await remove.click();
    expect(await keptRule).toBe(`Remove rule ${rule.id}?`);
    expect([await tokenCount(), await ruleCount()]).toEqual([1, 1]);

    const accepted = answerNextDialog(dashboard, true);
    await revoke.click();
    expect(await accepted).toBe(`Revoke View Token ${issued.data}? A viewer using it gets 401 from now on.`);
    const removed = answerNextDialog(dashboard, true);
    await remove.click();
    expect(await removed).toBe(`Remove rule ${rule.id}?`);
    await revoke.waitFor({ state: 'detached' });
    await remove.waitFor({ state: 'detached' });
    expect([await tokenCount(), await ruleCount()]).toEqual([0, 0]);
  });

  test("under a session filter, the clock panel shows and moves that session's clock, and Reset resets that session only after saying what it removes", async () => {
    await fetch(`${baseUrl}/view/token?fileId=61`, {
      headers: { Authorization: 'Bearer t', 'X-Mock-Session': 'tester-z' },
    });
    await dashboard.fill('#session-filter', 'tester-z');
    await dashboard
      .locator('#clock-session', { hasText: 'session "tester-z": follows the deployment\'s clock' })
      .waitFor();
    const clockOf = async (session: string) =>
      (await (await fetch(`${baseUrl}/__admin/clock?session=${session}`)).json()) as {
        offsetMs: number;
        ownClock: boolean;
      };
    // An earlier test moved the deployment's clock on 12 h: the session starts from there.
    const deployment = (await clockOf('')).offsetMs;
    await dashboard.click('#clock-advance-1h');
    await dashboard.locator('#clock-session', { hasText: 'session "tester-z": its own clock' }).waitFor();
    expect(await dashboard.textContent('#clock-offset')).toBe(
      `+${(deployment + 3_600_000) / 3_600_000} h from real time`,
    );
    expect(await clockOf('tester-z')).toMatchObject({ offsetMs: deployment + 3_600_000, ownClock: true });
    expect(await clockOf('')).toMatchObject({ offsetMs: deployment, ownClock: false });
    expect(await dashboard.textContent('#reset-all')).toBe('Reset session "tester-z"');
    const asked = answerNextDialog(dashboard, true);
    await dashboard.click('#reset-all');
    expect(await asked).toBe(
      'Reset session "tester-z": remove its 1 View Token, 0 rules and 1 journal entry, and put its clock back on the deployment\'s?',
    );
    await dashboard
      .locator('#clock-session', { hasText: 'session "tester-z": follows the deployment\'s clock' })
      .waitFor();
    expect(await clockOf('tester-z')).toMatchObject({ ownClock: false });
    const tokens = (await (await fetch(`${baseUrl}/__admin/view-tokens`)).json()) as {
      viewTokens: { session: string }[];
    };
    expect(tokens.viewTokens.some((token) => token.session === 'tester-z')).toBe(false);
    expect(tokens.viewTokens.length).toBeGreaterThan(0);
    await dashboard.fill('#session-filter', '');
    expect(await dashboard.textContent('#reset-all')).toBe('Reset everything');
  });

  test("every session showing, each token counts down on its own session's clock: a session moved 12 h on shows its token expired, the others valid", async () => {
    const issue = async (session: string) =>
      (
        (await (
          await fetch(`${baseUrl}/view/token?fileId=88`, {
            headers: { Authorization: 'Bearer t', 'X-Mock-Session': session },
          })
        ).json()) as { data: string }
      ).data;
    const moved = await issue('tester-w');
    const still = await issue('tester-v');
    await fetch(`${baseUrl}/__admin/clock/advance?session=tester-w`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ by: '12h' }),
    });
    const stateOf = (token: string) =>
      dashboard.locator('#tokens-body tr', { hasText: token }).locator('td[data-label="State"]');
    await dashboard.waitForFunction(
      (token) =>
        [...document.querySelectorAll('#tokens-body tr')].some(
          (row) =>
            row.textContent?.includes(token) && row.querySelector('td[data-label="State"]')?.textContent === 'expired',
        ),
      moved,
    );
    expect(await stateOf(moved).textContent()).toBe('expired');
    expect(await stateOf(still).textContent()).toBe('valid');
    expect(
      await dashboard
        .locator('#tokens-body tr', { hasText: still })
        .locator('td[data-label="Expires in"]')
        .textContent(),
    ).toMatch(/^1[12]:\d\d:\d\d$/);
  });

  test('a request that matched no route shows in the journal as unmatched, with the route it was probably meant for', async () => {
    await fetch(`${baseUrl}/view/tokens?fileId=1`, { headers: { Authorization: 'Bearer t' } });
    const row = dashboard.locator('#journal-body tr', { hasText: '/view/tokens?fileId=1' });
    await row.waitFor();
    expect(await row.locator('td[data-label="Operation"]').textContent()).toBe('unmatched');
    expect(await row.locator('td[data-label="Status"]').textContent()).toBe('404');
    expect(await row.locator('td[data-label="Outcome"]').textContent()).toBe(
      'unmatched: did you mean GET /view/token?',
    );
  });

  test('dates in the tables show the year', async () => {
    for (const [body, label] of [
      ['journal-body', 'Time'],
      ['tokens-body', 'Issued'],
      ['tokens-body', 'Expires at'],
    ] as const) {
      const cells = await column(dashboard, body, label);
      expect(cells.length).toBeGreaterThan(0);
      for (const text of cells) expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  test("a refused clock value shows the mock's refusal in the status banner, and no uncaught error", async () => {
    const errorsBefore = pageErrors.flat().length;
    await dashboard.fill('#clock-advance-by', 'forever');
    await dashboard.click('#clock-advance-form button[type=submit]');
    await dashboard.locator('#status[data-tone="error"]').waitFor();
    expect(await dashboard.textContent('#status')).toBe(
      'The mock refused: "by" must be a duration such as "12h", "PT12H" or milliseconds; got "forever".',
    );
    // A rejection left unhandled would be logged a moment later: give it the time to show.
    await dashboard.waitForTimeout(300);
    expect(pageErrors.flat().slice(errorsBefore)).toEqual([]);
    await dashboard.fill('#clock-advance-by', '');
  });

  test.each([
    [1280, 800],
    [390, 844],
  ])('the "Advance by" placeholder fits its input at %i px wide', async (width, height) => {
    await dashboard.setViewportSize({ width, height });
    const fits = await dashboard.evaluate(() => {
      const input = document.getElementById('clock-advance-by') as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
    await dashboard.setViewportSize({ width: 1280, height: 800 });
  });

  test('the pages are served with a strict Content-Security-Policy and raise no errors in the browser', async () => {
    const response = await fetch(`${baseUrl}/__admin/ui`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(pageErrors.flat()).toEqual([]);
  });

  test('screenshots at 1280×800 and at 390 px wide; nothing is wider than a phone screen', async () => {
    await dashboard.evaluate(() => window.scrollTo(0, 0));
    await screenshot(dashboard, 'dashboard-1280x800');
    await dashboard.setViewportSize({ width: 390, height: 844 });
    await tryPage.setViewportSize({ width: 390, height: 844 });
    for (const page of [dashboard, tryPage]) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await screenshot(dashboard, 'dashboard-390x844');
    await screenshot(tryPage, 'try-390x844');
  });
});

describe('a mock started with --admin-token', () => {
  let mock: MockServer;
  let baseUrl: string;
  let context: BrowserContext;

  beforeAll(async () => {
    mock = await createMockServer({ seed: 12, logLevel: 'silent', adminToken: 'qa-secret' });
    baseUrl = await mock.listen(0, '127.0.0.1');
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    await context.close();
    await mock.close();
  });

  test('the dashboard asks for the token once, refuses a wrong one, and keeps the right one in the tab', async () => {
    await fetch(`${baseUrl}/view/token?fileId=3`, { headers: { Authorization: 'Bearer app' } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${baseUrl}/__admin/ui`);
    const dialog = page.locator('#admin-token-dialog');
    await dialog.waitFor({ state: 'visible' });
    await page.fill('#admin-token-input', 'wrong');
    await page.keyboard.press('Enter');
    await page.locator('#admin-token-error', { hasText: 'refused' }).waitFor();
    await page.fill('#admin-token-input', 'qa-secret');
    await page.keyboard.press('Enter');
    await page.locator('#tokens-body td[data-label="Object"]', { hasText: 'file 3' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);

    await page.reload();
    await page.locator('#tokens-body td[data-label="Object"]', { hasText: 'file 3' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
  });
});
