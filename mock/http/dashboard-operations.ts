import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Operation } from '../front/operation';
import type { Reply } from '../front/reply';
import { problem, text } from '../front/reply';

/** Only the mock itself: no CDN, no inline script or style, no framing. */
const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSET_TYPES = {
  'dashboard.js': 'text/javascript; charset=utf-8',
  'try.js': 'text/javascript; charset=utf-8',
  'dashboard.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml; charset=utf-8',
} as const;
const HTML = 'text/html; charset=utf-8';
const HEADERS = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/**
 * The bundle `npm run build` writes next to the compiled handlers (dist/mock/http/dashboard); running
 * from the TypeScript sources (tests), the repository's dist holds it.
 */
function findAssetDirectory(): string | undefined {
  return [path.join(__dirname, 'dashboard'), path.resolve(__dirname, '../../dist/mock/http/dashboard')].find(
    (directory) => existsSync(path.join(directory, 'dashboard.js')),
  );
}

type DashboardOperationId = 'getDashboard' | 'getTryPage' | 'getDashboardAsset';

/**
 * The QA dashboard (`/__admin/ui`) and the try page, one handler per operationId, with their files
 * read from the build once and kept (Node only: MSW hands these requests on).
 */
export function createDashboardOperations({ basePath }: { basePath: string }): Record<DashboardOperationId, Operation> {
  const cache = new Map<string, string>();
  const read = (file: string): string | undefined => {
    let found = cache.get(file);
    if (found === undefined) {
      const directory = findAssetDirectory();
      if (!directory) return undefined;
      found = readFileSync(path.join(directory, file), 'utf8').replaceAll('{{basePath}}', escapeAttribute(basePath));
      cache.set(file, found);
    }
    return found;
  };
  const send = (file: string, type: string): Reply => {
    const body = read(file);
    if (body === undefined) return problem('unavailable', 'The dashboard was not built: run `npm run build`.');
    return text(200, type, body, HEADERS);
  };
  return {
    getDashboard: () => send('index.html', HTML),
    getTryPage: () => send('try.html', HTML),
    // The spec's enum of asset names has already refused any other file (404): no path outside the assets can be named.
    getDashboardAsset: (_request, match) => {
      const file = match.params.file as keyof typeof ASSET_TYPES;
      return send(file, ASSET_TYPES[file]);
    },
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
