// Where a drawing viewer's sheets come from: `{resourceHost}/{databagId}/resource/drawing/index.json`
// (the sheet list) and `…/drawing/{sheetId}/index.json` (a sheet's vectors), without a token, as the
// platform's drawing viewer loads its drawing files.
import type { DrawingSheet, SheetSummary } from './drawing-wire';

/** The sheets a drawing has, or why they could not be had (a sentence with the URL). */
export type Loaded<T> = { kind: 'loaded'; value: T } | { kind: 'failed'; message: string; status: number };

async function fetchJson<T>(url: string): Promise<Loaded<T>> {
  try {
    const response = await fetch(url);
    const text = await response.text();
    if (!response.ok)
      return {
        kind: 'failed',
        status: response.status,
        message: `GET ${url} answered ${response.status}: ${text.slice(0, 300)}`,
      };
    return { kind: 'loaded', value: JSON.parse(text) as T };
  } catch (error) {
    return { kind: 'failed', status: 0, message: `GET ${url} got no answer (${String(error)})` };
  }
}

/** The drawing's sheet list. */
export async function fetchSheetList(resourceHost: string, databagId: string): Promise<Loaded<SheetSummary[]>> {
  const loaded = await fetchJson<{ sheets: SheetSummary[] }>(
    `${resourceHost}/${databagId}/resource/drawing/index.json`,
  );
  return loaded.kind === 'loaded' ? { kind: 'loaded', value: loaded.value.sheets } : loaded;
}

/** One sheet with its layers and entities. */
export function fetchSheet(resourceHost: string, databagId: string, sheetId: string): Promise<Loaded<DrawingSheet>> {
  return fetchJson<DrawingSheet>(
    `${resourceHost}/${databagId}/resource/drawing/${encodeURIComponent(sheetId)}/index.json`,
  );
}
