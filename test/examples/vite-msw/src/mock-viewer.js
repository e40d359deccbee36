// The viewer under MSW on the app's own origin: the mock's paths answered in the page, the app's
// requests (its modules, hot reload, /api) passed on to Vite. Imported only behind the flag.
import { setupWorker } from 'msw/browser';
import { createHandlers } from 'view-token-mock/msw';

export async function startMockViewer(log) {
  const { handlers } = createHandlers({
    seed: 7,
    baseUrl: location.origin,
    viewerThree: () => import('view-token-mock/msw/viewer-three'),
  });
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
  const issued = await fetch('/view/token?fileId=10001', { headers: { Authorization: 'Bearer app' } });
  const viewToken = (await issued.json()).data;
  window.hostConfig = { APIHost: location.origin, staticHost: location.origin, resourceHost: location.origin };
  const loader = document.createElement('script');
  loader.src = '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js';
  loader.addEventListener('load', () => {
    const config = new window.BimfaceSDKLoaderConfig();
    config.viewToken = viewToken;
    window.BimfaceSDKLoader.load(config, (metadata) => {
      const { Application } = window.Glodon.Bimface;
      const appConfig = new Application.WebApplication3DConfig();
      appConfig.domElement = document.getElementById('view');
      const app = new Application.WebApplication3D(appConfig);
      app.addView(viewToken);
      app.getViewer().addEventListener('ViewAdded', () => log(`ViewAdded ${metadata.viewType}`));
    });
  });
  document.head.append(loader);
}
