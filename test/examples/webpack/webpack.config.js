// webpack.config.js (webpack-dev-server 5): the mock's routes on the dev server's own port, next to the app.
const { createMiddleware } = require('view-token-mock/middleware');

module.exports = {
  mode: 'development',
  devServer: {
    setupMiddlewares(middlewares) {
      // First: the mock answers its routes, the rest goes on to webpack-dev-server's own middlewares.
      middlewares.unshift({ name: 'view-token-mock', middleware: createMiddleware({ seed: 1, logLevel: 'silent' }) });
      return middlewares;
    },
  },
};
