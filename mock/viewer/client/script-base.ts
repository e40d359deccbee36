import { toMockBase } from './databag';

/**
 * The mock that served this script (read while the script runs, when `document.currentScript` is
 * it): the last resort for the API host when neither the viewer's nor the loader's config names one.
 */
export const SCRIPT_BASE: string | undefined = toMockBase(
  document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '',
);
