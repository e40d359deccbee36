// vite.config.mjs: the mock's routes on the dev server's own port, next to the app.
import { defineConfig } from 'vite';
import { createMiddleware } from 'view-token-mock/middleware';

export default defineConfig({
  plugins: [
    {
      name: 'view-token-mock',
      // Before Vite's own middlewares: the mock answers its routes, the rest goes on to Vite.
      configureServer(server) {
        server.middlewares.use(createMiddleware({ seed: 1, logLevel: 'silent' }));
      },
    },
  ],
});
