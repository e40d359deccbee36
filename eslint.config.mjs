// Import boundaries are enforced here, not in review (STYLE.md): arrows point inward.
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const nodeRuntime = ['node:*', 'http', 'https', 'net', 'fs', 'fs/promises', 'crypto', 'os', 'path', 'process'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.stryker-tmp/**',
      'reports/**',
      'node_modules/**',
      'coverage/**',
      'test-output/**',
      'spec/generated/**',
      'mock/http/ui/vendor/**',
      'mock/viewer/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The Vite app test/examples/vite-msw.test.ts runs: browser ES modules, and a Vite config run by Node.
    files: ['test/examples/vite-msw/src/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: { window: 'readonly', document: 'readonly', location: 'readonly', fetch: 'readonly' },
    },
  },
  {
    files: ['test/examples/vite-msw/vite.config.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
  {
    files: ['mock/**/*.ts'],
    ignores: ['mock/spec-engine/**', 'mock/proxy/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stoplight/prism-http', '@stoplight/prism-http/*'],
              message: 'Only mock/spec-engine and mock/proxy import prism-http.',
            },
            {
              group: ['express', 'express/*'],
              message: 'The mock uses no Express: the middleware is plain connect (req, res, next).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', '@stoplight/*', 'pino', 'ioredis', 'msw', 'msw/*', ...nodeRuntime],
              message: 'mock/core is pure: no frameworks, no I/O, no node runtime.',
            },
            {
              group: ['../http/*', '../spec-engine/*', '../stores/*', '../msw/*', '../cli', '../server'],
              message: 'mock/core depends on nothing outside itself.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes from a Clock.' },
        { object: 'Math', property: 'random', message: 'Randomness comes from an injected source.' },
        { object: 'process', property: 'env', message: 'Configuration is passed in.' },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'mock/core knows no runtime.' }],
    },
  },
  {
    files: ['mock/front/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', '@stoplight/*', 'pino', 'ioredis', 'msw', 'msw/*', ...nodeRuntime],
              message: 'The front runs under every adapter, MSW in browsers too: no framework, no Node runtime.',
            },
            {
              group: [
                '../http/*',
                '../msw/*',
                '../middleware/*',
                '../spec-engine/*',
                '../proxy/*',
                '../stores/*',
                '../server',
              ],
              message:
                'The front depends on the core and the pure viewer tables; adapters depend on it, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/msw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', '../http/*', '../server', '@stoplight/*'],
              message: 'The MSW entry point runs in browsers: no Express, no prism.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/http/dashboard/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'express', 'express/*', '@stoplight/*', 'pino', 'ioredis', 'msw', 'msw/*'],
              message: 'The dashboard runs in the browser: no Node, no server libraries.',
            },
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\./core/|\\.\\./\\.\\./spec/generated/)',
              message:
                'The dashboard talks to the mock over HTTP: it imports only the wire types and pure core modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/viewer/client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'express', 'express/*', '@stoplight/*', 'pino', 'ioredis', 'msw', 'msw/*'],
              message: 'The viewer stand-in runs in the browser: no Node, no server libraries.',
            },
            {
              regex: '^\\.\\./(?!\\.\\./core/|\\.\\./\\.\\./spec/generated/)',
              message:
                'The viewer stand-in talks to the mock over HTTP: it imports only the wire types and pure core modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mock/viewer/*.ts', 'mock/viewer/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['express', 'express/*', '@stoplight/*', 'pino', 'ioredis', 'msw', 'msw/*', ...nodeRuntime],
              message: "The static host's file table is pure: the Express and MSW handlers (browsers too) use it.",
            },
            {
              group: ['../http/*', '../spec-engine/*', '../stores/*', '../msw/*', '../cli', '../server'],
              message: 'The file table depends only on the core and its own bundles.',
            },
          ],
        },
      ],
    },
  },
  {
    // The mock's regular expressions run in linear time, whatever a client sends: none retries from
    // each position of a run (`/\/+$/` on `//…//x`), none lets two quantifiers trade characters
    // (`\s+(.*)`). Issue 43; test/unit/linear-regexes.test.ts shows the rules catch both.
    files: ['mock/**/*.ts'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-move': 'error', 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../mock', '../mock/*', '../../mock/*', '**/mock/**'],
              message: 'The contract harness checks any implementation; it never imports the mock.',
            },
          ],
        },
      ],
    },
  },
);
