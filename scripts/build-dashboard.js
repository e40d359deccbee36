#!/usr/bin/env node
// Bundles the dashboard's browser code (TypeScript, no framework) and copies its pages next to the
// compiled router: dist/mock/http/dashboard/. Runs in `npm run build` (and so in `npm ci`).
const { copyFileSync, mkdirSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const source = path.join(root, 'mock/http/dashboard');
const out = path.join(root, 'dist/mock/http/dashboard');
mkdirSync(out, { recursive: true });
esbuild.buildSync({
  entryPoints: { dashboard: path.join(source, 'client/dashboard.ts'), try: path.join(source, 'client/try.ts') },
  outdir: out,
  bundle: true,
  format: 'esm',
  target: ['chrome111', 'firefox111', 'safari16.4'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const file of ['index.html', 'try.html', 'dashboard.css', 'favicon.svg'])
  copyFileSync(path.join(source, file), path.join(out, file));
