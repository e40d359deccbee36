import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it when missing). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots go (ignored by git). */
const TEST_OUTPUT = path.resolve(__dirname, '../../test-output');

/**
 * Headless Chromium with the flags this closed network needs (no background calls home), and WebGL
 * on its software renderer (SwiftShader) for the viewer stand-in's three.js.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

const PAGE_RESOURCES = new Set(['document', 'script', 'stylesheet', 'image', 'font']);

/**
 * Collects what goes wrong in the page: CSP violations and other console errors, uncaught
 * exceptions, and the page's own resources (document, scripts, styles, icons) failing to load.
 * Chromium also logs every non-2xx fetch as "Failed to load resource"; those are the service's
 * deliberate answers (401, 403, ...) and are left out.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (PAGE_RESOURCES.has(response.request().resourceType()) && response.status() >= 400)
      errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => errors.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`));
  return errors;
}

/** Saves what the viewport shows, and the whole page, under test-output/ (`<name>.png`, `<name>-full.png`). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  await page.screenshot({ path: path.join(TEST_OUTPUT, `${name}.png`) });
  await page.screenshot({ path: path.join(TEST_OUTPUT, `${name}-full.png`), fullPage: true });
}
