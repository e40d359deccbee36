import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';

// docs/guides/middleware.md shows test/examples/vite/vite.config.mjs: `vite` (the real CLI) serves
// the app in that folder with the mock's routes on the same port. The config imports
// 'view-token-mock/middleware', which resolves to this package's build (npm test builds first).
const ROOT = path.resolve(__dirname, '../..');
const APP = path.join(__dirname, 'vite');
let vite: ChildProcessWithoutNullStreams;
let baseUrl: string;

beforeAll(async () => {
  vite = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', '0', '--host', '127.0.0.1'],
    {
      cwd: APP,
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let output = '';
  baseUrl = await new Promise((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const local = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (local?.[1]) resolve(local[1]);
    };
    vite.stdout.on('data', read);
    vite.stderr.on('data', read);
    vite.once('exit', (code) => reject(new Error(`vite exited ${code} before listening:\n${output}`)));
  });
}, 60_000);

afterAll(async () => {
  const exited = new Promise((resolve) => vite.once('exit', resolve));
  vite.kill('SIGTERM');
  await exited;
});

test("inside Vite's dev server the mock answers its routes, and Vite serves the app's page", async () => {
  const issued = await fetch(`${baseUrl}/view/token?fileId=1`, { headers: { Authorization: 'Bearer my-app' } });
  expect(await issued.json()).toEqual({ code: 'success', data: expect.stringMatching(/^[0-9a-f]{32}$/), message: '' });
  const { data: token } = (await (
    await fetch(`${baseUrl}/view/token?fileId=2`, { headers: { Authorization: 'Bearer my-app' } })
  ).json()) as { data: string };
  expect((await fetch(`${baseUrl}/inside/databag?viewToken=${token}`)).status).toBe(200);
  const page = await fetch(`${baseUrl}/`);
  expect(page.headers.get('content-type')).toBe('text/html');
  // Vite's own page, as Vite serves it (its client injected).
  expect(await page.text()).toContain('<script type="module" src="/@vite/client"></script>');
});

test("every other request reaches Vite untouched: a near-miss of the mock's routes gets Vite's page, and the mock journals nothing for it", async () => {
  const missed = await fetch(`${baseUrl}/view/tokens?fileId=1`);
  expect([missed.status, missed.headers.get('content-type')]).toEqual([200, 'text/html']);
  expect(await missed.text()).toContain("<p>The app's page.</p>");
  const unmatched = await fetch(`${baseUrl}/__admin/requests/unmatched`);
  expect(((await unmatched.json()) as { requests: unknown[] }).requests).toEqual([]);
  expect((await fetch(`${baseUrl}/__admin/health`)).status).toBe(200);
});
