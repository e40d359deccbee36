// A viewer page under Storybook or a dev server: MSW's service worker answers the View Token
// service, the viewer's data call and the loader's static host (the SDK stand-in); no mock server.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../mock/msw';

interface SampleGlobals {
  BimfaceSDKLoaderConfig: new () => { viewToken: string | null };
  BimfaceSDKLoader: {
    load: (
      config: object,
      success: (metadata: { viewType: string; viewToken: string }) => void,
      failure: (error: unknown) => void,
    ) => void;
  };
  Glodon: {
    Bimface: {
      Application: Record<string, new (...args: unknown[]) => Record<string, (...args: unknown[]) => unknown>>;
    } & Record<string, Record<string, Record<string, string>>>;
  };
}

const note = (text: string): void => {
  const log = document.getElementById('log') as HTMLElement;
  log.textContent = `${log.textContent ?? ''}${text}\n`;
};

const { handlers } = createHandlers({ seed: 7 });

async function openModel(): Promise<void> {
  const issued = await fetch('/view/token?fileId=10001', { headers: { Authorization: 'Bearer storybook' } });
  const viewToken = ((await issued.json()) as { data: string }).data;
  // The page's own hosts are the mock's: MSW answers there.
  Object.assign(window, {
    hostConfig: {
      APIHost: location.origin,
      staticHost: location.origin,
      resourceHost: location.origin,
      dataEnvType: 'BIMFACE',
    },
  });
  const loader = document.createElement('script');
  loader.src = '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js';
  loader.addEventListener('load', () => {
    const page = window as unknown as SampleGlobals;
    const config = new page.BimfaceSDKLoaderConfig();
    config.viewToken = viewToken;
    page.BimfaceSDKLoader.load(
      config,
      (metadata) => {
        const { Application } = page.Glodon.Bimface;
        const appConfig = new (Application.WebApplication3DConfig as new () => Record<string, unknown>)();
        appConfig.domElement = document.getElementById('view');
        const app = new (
          Application.WebApplication3D as new (config: unknown) => {
            addView: (token: string) => void;
            addEventListener: (event: string, listener: () => void) => void;
          }
        )(appConfig);
        app.addView(metadata.viewToken);
        app.addEventListener('ViewAdded', () => note(`ViewAdded ${metadata.viewType}`));
      },
      (error) => note(`loader failure ${JSON.stringify(error)}`),
    );
  });
  document.head.append(loader);
}

void setupWorker(...handlers)
  .start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true })
  .then(openModel);
