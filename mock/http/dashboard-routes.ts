import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'express';
import type { OperationHandlers } from './operation-dispatch';
import { sendProblem } from './problem';

/** Only the mock itself: no CDN, no inline script or style, no framing. */
export const DASHBOARD_CSP = [
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
  'dashboard.js': 'text/javascript',
  'try.js': 'text/javascript',
  'dashboard.css': 'text/css',
  'favicon.svg': 'image/svg+xml',
} as const;
const PAGES = { getDashboard: 'index.html', getTryPage: 'try.html' } as const;

/**
 * The bundle `npm run build` writes next to the compiled router (dist/mock/http/dashboard); running
 * from the TypeScript sources (tests), the repository's dist holds it.
 */
function findAssetDirectory(): string | undefined {
  return [path.join(__dirname, 'dashboard'), path.resolve(__dirname, '../../dist/mock/http/dashboard')].find(
    (directory) => existsSync(path.join(directory, 'dashboard.js')),
  );
}

/** The QA dashboard (`/__admin/ui`) and the try page, one handler per operationId, with their assets read once and kept. */
export function createDashboardHandlers({ basePath }: { basePath: string }): OperationHandlers {
  const cache = new Map<string, string>();
  const read = (file: string): string | undefined => {
    let text = cache.get(file);
    if (text === undefined) {
      const directory = findAssetDirectory();
      if (!directory) return undefined;
      text = readFileSync(path.join(directory, file), 'utf8').replaceAll('{{basePath}}', escapeAttribute(basePath));
      cache.set(file, text);
    }
    return text;
  };
  const send = (res: Response, file: string, type: string): void => {
    const text = read(file);
    if (text === undefined) return sendProblem(res, 'unavailable', 'The dashboard was not built: run `npm run build`.');
    res
      .set({
        'Content-Security-Policy': DASHBOARD_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Cache-Control': 'no-cache',
      })
      .type(type)
      .send(text);
  };
  return {
    getDashboard(_req, res) {
      send(res, PAGES.getDashboard, 'text/html');
    },
    getTryPage(_req, res) {
      send(res, PAGES.getTryPage, 'text/html');
    },
    // The spec's enum of asset names has already refused any other file (404): no path outside the assets can be named.
    getDashboardAsset(_req, res, match) {
      const file = match.params.file as keyof typeof ASSET_TYPES;
      send(res, file, ASSET_TYPES[file]);
    },
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
