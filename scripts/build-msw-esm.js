#!/usr/bin/env node
// The ESM face of `view-token-mock/msw`, written by `npm run build` after tsc:
// - dist/mock/msw/index.mjs: the MSW adapter and the core in one ES module that imports msw's ESM
//   build, so an ESM project's handlers come from the same msw its setupServer/setupWorker is;
// - dist/mock/msw/*.d.mts: tsc's declarations of the folder, as ES module declarations, so a
//   NodeNext ESM project type-checks against msw's ESM types (the CommonJS .d.ts load msw's
//   CommonJS types, whose classes clash with the ESM ones).
const { readFileSync, readdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

const root = path.resolve(__dirname, '..');
const mswDir = path.join(root, 'dist/mock/msw');

/** './x' → './x.mjs' inside the folder (it has a .d.mts), '../core/x' → '../core/x.js' (a CommonJS .d.ts) elsewhere. */
function toEsmDeclaration(source) {
  return source.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, keyword, quote, specifier) => {
    const local = specifier.startsWith('./') && !specifier.slice(2).includes('/');
    return `${keyword}${quote}${specifier}${local ? '.mjs' : '.js'}${quote}`;
  });
}

async function main() {
  for (const file of readdirSync(mswDir).filter((name) => name.endsWith('.d.ts'))) {
    const source = readFileSync(path.join(mswDir, file), 'utf8');
    writeFileSync(path.join(mswDir, file.replace(/\.d\.ts$/, '.d.mts')), toEsmDeclaration(source));
  }
  await esbuild.build({
    entryPoints: [path.join(root, 'mock/msw/index.ts')],
    outfile: path.join(mswDir, 'index.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['msw'],
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-msw-esm.js from mock/msw/index.ts: edit the sources, not this file.' },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
