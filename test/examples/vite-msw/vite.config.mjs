// vite.config.mjs for the app under MSW: `view-token-mock/msw` from this checkout's build, the app's
// own API (/api/todos), and msw's worker file served from the site's root (`npx msw init public`
// does that in an app).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), process.env.VTM_ROOT ?? '../../..');

export default defineConfig({
  cacheDir: process.env.VTM_VITE_CACHE ?? 'node_modules/.vite',
  resolve: {
    alias: [
      {
        find: 'view-token-mock/msw/viewer-three',
        replacement: path.join(ROOT, 'dist/mock/viewer/thirdparty-source.mjs'),
      },
      { find: 'view-token-mock/msw', replacement: path.join(ROOT, 'dist/mock/msw/index.mjs') },
    ],
  },
  server: { fs: { allow: [ROOT, '.'] } },
  plugins: [
    {
      name: 'the-apps-own-api',
      configureServer(server) {
        server.middlewares.use('/api/todos', (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ todos: ['a', 'b'] }));
        });
        server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.end(readFileSync(path.join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js')));
        });
      },
    },
  ],
});
