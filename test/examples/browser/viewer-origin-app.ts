// An app that shares its origin with the mock under MSW, as the viewer guide writes it: the handlers
// answer the mock's own paths on `location.origin` (the View Token service, the loader and the SDK
// stand-in, three.js as a chunk of its own, the model's data) and every other request of the app
// (its scripts, its `/api`) reaches its own server.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../mock/msw';

interface PageGlobals {
  BimfaceSDKLoaderConfig: new () => { viewToken: string | null };
  BimfaceSDKLoader: {
    load(config: object, success: (metadata: { viewType: string }) => void, failure: () => void): void;
  };
  Glodon: { Bimface: { Application: Record<string, new (config?: unknown) => Record<string, unknown>> } };
}

interface ClickData {
  objectId?: string;
}

const note = (text: string): void => {
  const log = document.getElementById('log') as HTMLElement;
  log.textContent = `${log.textContent ?? ''}${text}\n`;
};

const { handlers } = createHandlers({
  seed: 7,
  baseUrl: location.origin,
  // Behind the app's own flag in a real app: the mock (and three.js) stay out of a production build.
  viewerThree: () => import('view-token-mock/msw/viewer-three'),
});

/** The app's own API and script, on the same origin: MSW lets them through to the app's server. */
async function useOwnApi(): Promise<void> {
  const todos = (await (await fetch('/api/todos')).json()) as { todos: string[] };
  note(`own api ${todos.todos.join(',')}`);
  const own = document.createElement('script');
  own.src = '/own-script.js';
  const loaded = new Promise((resolve) => own.addEventListener('load', resolve));
  document.head.append(own);
  await loaded;
}

function openViewer(viewToken: string, page: PageGlobals): void {
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
          addView(token: string): void;
          getViewer(): {
            addEventListener(event: string, listener: (data: ClickData) => void): void;
            getComponentProperty(id: string, success: (data: { elementId: string }) => void): void;
          };
        }
      )(appConfig);
      app.addView(viewToken);
      const viewer = app.getViewer();
      viewer.addEventListener('ViewAdded', () => note(`ViewAdded ${metadata.viewType}`));
      viewer.addEventListener('MouseClicked', (data) => {
        if (data.objectId === undefined) return;
        viewer.getComponentProperty(data.objectId, (property) => note(`property ${property.elementId}`));
      });
    },
    () => note('loader failure'),
  );
}

async function start(): Promise<void> {
  await setupWorker(...handlers).start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  await useOwnApi();
  const issued = await fetch('/view/token?fileId=10001', { headers: { Authorization: 'Bearer app' } });
  const viewToken = ((await issued.json()) as { data: string }).data;
  Object.assign(window, {
    hostConfig: { APIHost: location.origin, staticHost: location.origin, resourceHost: location.origin },
  });
  const loader = document.createElement('script');
  loader.src = '/api/BimfaceSDKLoader/BimfaceSDKLoader@latest-release.js';
  loader.addEventListener('load', () => openViewer(viewToken, window as unknown as PageGlobals));
  document.head.append(loader);
}

void start();
