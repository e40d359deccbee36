import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// issue 27: the matcher (mock/core/routing) is the only place that reads a request's path and
// decides its route or area. Anywhere else, testing a path against a route or the /__admin prefix
// is a second decision that can disagree with it (as /__ADMIN once walked through such a gap).
const ROOT = path.resolve(__dirname, '../..');
const ROUTING = 'mock/core/routing/';
/** Not request handling: the browser dashboard builds admin URLs, generated code is not read here. */
const SKIPPED = ['mock/http/dashboard/client/', 'mock/config/generated/'];

/** What a second routing decision looks like in this code base. */
const PATH_TESTS: [string, RegExp][] = [
  ['a path prefix test', /\.(startsWith|endsWith)\(\s*['"`]\//],
  ['a path compared whole', /[=!]==?\s*['"`]\/[\w_]/],
  ['the /__admin prefix searched', /\.(includes|indexOf|search|match)\(\s*['"`]\/__admin/],
  ['a route pattern over a path', /\\\/(__admin|view|data|oauth2|inside)\b/],
  ["Express's reading of the path", /\breq\.(path|originalUrl|baseUrl)\b/],
  ["a URL's path read and handed on", /\burl\.pathname\b/],
  ['a route matched by Express', /\b(router|app)\.(get|post|put|delete|patch|all)\(\s*['"`]\//],
  ['an Express mount under a path', /\.use\(\s*['"`]\//],
];

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** Every line of `text` (a file named `file`) that tests a path against a route or prefix, as `file: line (why)`. */
function findPathTests(file: string, text: string): string[] {
  return text.split('\n').flatMap((line) => {
    if (/^\s*(\/\/|\*|\/\*\*)/.test(line)) return [];
    const found = PATH_TESTS.find(([, pattern]) => pattern.test(line));
    if (found === undefined) return [];
    return [`${file}: ${line.trim()} (${found[0]})`];
  });
}

test('no file outside mock/core/routing tests a path against a route or the /__admin prefix', () => {
  const files = sources('mock').filter(
    (file) => !file.startsWith(ROUTING) && !SKIPPED.some((skipped) => file.startsWith(skipped)),
  );
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap((file) => findPathTests(file, readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
});

test.each([
  ["if (req.path.startsWith('/__admin')) return next();"],
  ['const admin = /^\\/__admin(\\/|$)/.test(target);'],
  ["if (path === '/view/token') run();"],
  ["app.use('/__admin', adminRouter);"],
  ["router.get('/health', getHealth);"],
  ['const at = url.pathname;'],
  ["if (target.includes('/__admin')) guard();"],
])('the scan finds a second routing decision: %s', (line) => {
  expect(findPathTests('mock/http/x.ts', line)).toHaveLength(1);
});
