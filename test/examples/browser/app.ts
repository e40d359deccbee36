// A page as a front-end team would write it for Storybook or the dev server: the View Token service
// is MSW's service worker running view-token-mock's handlers; no mock server anywhere.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../mock/msw';
import { createTokenClient } from '../token-client';

const HOUR_MS = 3_600_000;
const { handlers, clock, tokens } = createHandlers({ baseUrl: location.origin, seed: 42 });
const client = createTokenClient({
  baseUrl: location.origin,
  accessToken: 'storybook-access-token',
  fileId: '9223372036854775807',
});
const show = (id: string, text: string | number): void => {
  const element = document.getElementById(id);
  if (element) element.textContent = String(text);
};

async function showNewestToken(): Promise<void> {
  const [newest] = await tokens.list();
  if (newest) show('token', newest.token);
  show('clock', (await clock.get()).now.toISOString());
}

document.getElementById('open')?.addEventListener(
  'click',
  () =>
    void (async () => {
      const model = await client.openModel();
      show('model', `${model.name} (${model.renderType})`);
      show('expires', model.viewTokenExpiresAt);
      show('token-requests', client.tokenRequests);
      await showNewestToken();
    })(),
);
document.getElementById('advance')?.addEventListener(
  'click',
  () =>
    void (async () => {
      await clock.advance(12 * HOUR_MS);
      await showNewestToken();
    })(),
);

// The buttons come alive once the worker intercepts: a request before that would reach the real network.
void setupWorker(...handlers)
  .start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true })
  .then(() => {
    for (const id of ['open', 'advance']) (document.getElementById(id) as HTMLButtonElement).disabled = false;
  });
