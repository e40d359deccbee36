// How the stand-in gets three.js: the `thirdparty.js` the platform's loader loads with the 3D
// bundle, or, when the page came another way (a drawing folder first, a page loading Bimface.js
// itself), the stand-in loads it from its own folder once.
import type * as ThreeKit from './three-kit.mjs' with { 'resolution-mode': 'import' };

export type Three = typeof ThreeKit;

declare global {
  interface Window {
    VtmThree?: Three;
  }
}

/** A URL up to its last slash (`…/Bimface@3.6.36-standin/stand-in.js` → `…/Bimface@3.6.36-standin/`). */
function folderOf(url: string): string {
  return url.slice(0, url.lastIndexOf('/') + 1);
}

/** The folder the stand-in script came from (read while it runs). */
const OWN_FOLDER: string | undefined =
  document.currentScript instanceof HTMLScriptElement
    ? folderOf(document.currentScript.src).replace(/Drawing@[^/]+\/$/, 'Bimface@3.6.36-standin/')
    : undefined;

let loading: Promise<Three> | undefined;

/** three.js, loaded at most once; rejects with a sentence naming the file when it cannot be loaded. */
export function loadThree(): Promise<Three> {
  if (window.VtmThree !== undefined) return Promise.resolve(window.VtmThree);
  loading ??= new Promise<Three>((resolve, reject) => {
    const url = `${OWN_FOLDER ?? ''}thirdparty.js`;
    const script = document.createElement('script');
    script.src = url;
    script.onload = () =>
      window.VtmThree === undefined
        ? reject(
            new Error(`${url} has no three.js here (the mock's server serves it; MSW and an unbuilt checkout do not)`),
          )
        : resolve(window.VtmThree);
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`three.js (${url}) could not be loaded: the stand-in renders with it (npm run build makes it)`));
    };
    document.head.append(script);
  });
  return loading;
}
