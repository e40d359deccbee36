// Loads the SDK's files in order as the platform's loader does: `<script>` for JavaScript, `<link
// rel=stylesheet>` for CSS, each file name once per page (a second load skips a file whose last path
// segment was loaded already), and a file that fails does not stop the rest.

const loaded = new Set<string>();

const lastSegment = (url: string): string => url.split('/').pop() ?? url;

/** One file: resolves true once it has loaded (or was loaded before), false if it failed. */
export function loadFile(url: string): Promise<boolean> {
  if (loaded.has(lastSegment(url))) return Promise.resolve(true);
  return new Promise((resolve) => {
    const css = /\.css(\?|$)/.test(url);
    const node = css ? document.createElement('link') : document.createElement('script');
    if (node instanceof HTMLLinkElement) Object.assign(node, { rel: 'stylesheet', href: url });
    else node.src = url;
    node.addEventListener('load', () => {
      loaded.add(lastSegment(url));
      resolve(true);
    });
    node.addEventListener('error', () => resolve(false));
    document.head.append(node);
  });
}

/** The files one after the other; resolves with those that failed to load. */
export async function loadInOrder(urls: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const url of urls) if (!(await loadFile(url))) failed.push(url);
  return failed;
}
