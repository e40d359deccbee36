import { readFileSync } from 'node:fs';
import path from 'node:path';

// A guide that shows a test file shows it whole, as it runs in npm test.
const root = path.resolve(__dirname, '../..');

test('docs/guides/testing-with-a-frozen-clock.md shows test/examples/frozen-clock.test.ts as it is', () => {
  const page = readFileSync(path.join(root, 'docs/guides/testing-with-a-frozen-clock.md'), 'utf8');
  const source = readFileSync(path.join(root, 'test/examples/frozen-clock.test.ts'), 'utf8');
  expect(page).toContain(`\`\`\`ts\n${source}\`\`\``);
});

test.each([
  ['ts', 'test/examples/middleware-express.test.ts'],
  ['js', 'test/examples/vite/vite.config.mjs'],
  ['js', 'test/examples/webpack/webpack.config.js'],
])('docs/guides/middleware.md shows %s %s as it is', (language, file) => {
  const page = readFileSync(path.join(root, 'docs/guides/middleware.md'), 'utf8');
  const source = readFileSync(path.join(root, file), 'utf8');
  expect(page).toContain(`\`\`\`${language}\n${source}\`\`\``);
});
