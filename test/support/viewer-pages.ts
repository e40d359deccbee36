import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The sample pages (test/browser/viewer-pages/), written as the platform's samples write them. */
const PAGES = path.resolve(__dirname, '../browser/viewer-pages');

/**
 * Serves the sample pages on 127.0.0.1 (another origin than the mock's), with `{{mock}}` replaced by
 * the page's `?mock=` query; resolves the server and its origin.
 */
export function serveViewerPages(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const file = path.join(PAGES, path.basename(url.pathname));
    const mock = url.searchParams.get('mock') ?? '';
    if (!file.endsWith('.html') || !/^http:\/\/127\.0\.0\.1:\d+$/.test(mock)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(readFileSync(file, 'utf8').replaceAll('{{mock}}', mock));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** How many pixels of a canvas are strongly red, the selection's light blue, or anything but `background`. */
export interface PixelCounts {
  red: number;
  blue: number;
  drawn: number;
  total: number;
}

/**
 * Counts a canvas's pixels (WebGL or 2D): red (r > 120, g and b < 40), the selection's light blue
 * (b > 200, r < 130, g in 120..210), drawn (anything but the background `#rrggbb`).
 */
export function countPixels(page: Page, selector: string, background: string): Promise<PixelCounts> {
  return page.evaluate(
    ([chosen, back]) => {
      const source = document.querySelector(chosen) as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [source.width, source.height];
      const context = copy.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(source, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const [br, bg, bb] = [1, 3, 5].map((at) => parseInt(back.slice(at, at + 2), 16));
      const counts = { red: 0, blue: 0, drawn: 0, total: data.length / 4 };
      for (let at = 0; at < data.length; at += 4) {
        const [r, g, b] = [data[at] as number, data[at + 1] as number, data[at + 2] as number];
        if (r > 120 && g < 40 && b < 40) counts.red += 1;
        if (b > 200 && r < 130 && g >= 120 && g <= 210) counts.blue += 1;
        if (r !== br || g !== bg || b !== bb) counts.drawn += 1;
      }
      return counts;
    },
    [selector, background] as const,
  );
}

/** Two animation frames: the stand-in draws a change on the next one. */
export const nextFrames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** The page's log lines (`#log`, one event a line). */
export const logLines = async (page: Page): Promise<string[]> => (await page.locator('#log').innerText()).split('\n');

/** How many pixels of a canvas are each colour (`#rrggbb`, each channel within 6 of it: antialiased edges aside). */
export function countColours(page: Page, selector: string, colours: readonly string[]): Promise<number[]> {
  return page.evaluate(
    ([chosen, wanted]) => {
      const source = document.querySelector(chosen) as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [source.width, source.height];
      const context = copy.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(source, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const targets = wanted.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
      const counts = targets.map(() => 0);
      for (let at = 0; at < data.length; at += 4)
        targets.forEach((target, index) => {
          if (target.every((channel, offset) => Math.abs((data[at + offset] as number) - channel) <= 6))
            counts[index] = (counts[index] as number) + 1;
        });
      return counts;
    },
    [selector, colours] as const,
  );
}
