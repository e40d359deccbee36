// The relative links of the docs, for test/docs/links.test.ts: every `[text](target)` and `![alt](target)`
// outside code, with its line; and the anchors a page's headings give (GitHub's slugs).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DocLink {
  file: string;
  line: number;
  target: string;
}

/** The page's lines with fenced blocks blanked (line numbers kept). */
function outsideFences(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return '';
    }
    return fence === undefined ? line : '';
  });
}

/** Every relative link of a page (no scheme, not `mailto:`), as written. */
export function relativeLinks(root: string, file: string): DocLink[] {
  return outsideFences(readFileSync(path.join(root, file), 'utf8')).flatMap((line, index) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => ({ file, line: index + 1, target })),
  );
}

/** The anchors a page's headings give on GitHub: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
