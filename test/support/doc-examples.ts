// The docs' examples as the examples test runs them (the rules for authors: docs/internals/docs.md).
// A shell block (sh, bash, shell) shows output as `# ` lines directly under a command; its commands run
// in one bash per page, against a mock the test started, and what they print is compared with what
// the page shows, modulo tokens, times, ids and ports.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SHELL_LANGUAGES = ['sh', 'bash', 'shell'];
/** Shown as terminal sessions or code with results: the test cannot run these, so they must be marked. */
const SESSION_LANGUAGES = ['console', 'shell-session', 'sh-session'];
const CODE_OUTPUT = /\/\/\s*(→|=>)/;

/** Code up to a shown output (or the end of the block), and that output (undefined: none shown). */
interface Segment {
  code: string;
  shown: string[] | undefined;
  line: number;
}

export interface Example {
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  language: string;
  /** `<!-- illustrative -->` before the fence: never run. */
  illustrative: boolean;
  /** `<!-- mock: FLAGS -->` before the fence: run against its own mock started with these flags. */
  mockFlags: string[] | undefined;
  segments: Segment[];
  /** Why the test cannot run it although it shows output (undefined: it can, or shows none). */
  cannotRun: string | undefined;
}

/** README.md and every Markdown file under docs/, relative to the root, sorted. */
export function findDocPages(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(path.join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [path.join(dir, entry.name)]
          : [],
    );
  return ['README.md', ...walk('docs').sort()];
}

/** The fenced blocks of a page that show output, with their marks. */
export function parseExamples(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[index] ?? '');
    if (!open) continue;
    const fence = open[2] ?? '```';
    const end = lines.findIndex((line, at) => at > index && line.trim().startsWith(fence));
    const body = lines.slice(index + 1, end === -1 ? lines.length : end);
    const example = toExample(file, index + 1, (open[3] ?? '').toLowerCase(), body, markBefore(lines, index));
    if (example) examples.push(example);
    index = end === -1 ? lines.length : end;
  }
  return examples;
}

/** The HTML comment on the last non-blank line before a fence, if any. */
function markBefore(lines: string[], fenceIndex: number): string | undefined {
  for (let at = fenceIndex - 1; at >= 0; at -= 1) {
    const line = (lines[at] ?? '').trim();
    if (line === '') continue;
    return /^<!--\s*(.*?)\s*-->$/.exec(line)?.[1];
  }
  return undefined;
}

function toExample(
  file: string,
  line: number,
  language: string,
  body: string[],
  mark: string | undefined,
): Example | undefined {
  const illustrative = mark !== undefined && /^illustrative\b/.test(mark);
  const mockFlags = mark?.startsWith('mock:')
    ? mark.slice('mock:'.length).trim().split(/\s+/).filter(Boolean)
    : undefined;
  const base = { file, line, language, illustrative, mockFlags };
  if (SHELL_LANGUAGES.includes(language)) {
    const segments = toSegments(body, line + 1);
    if (!segments.some((segment) => segment.shown !== undefined) && mockFlags === undefined) return undefined;
    return { ...base, segments, cannotRun: undefined };
  }
  const showsOutput = SESSION_LANGUAGES.includes(language)
    ? body.some((text) => text.trim() !== '' && !text.startsWith('$ '))
    : ['js', 'javascript', 'ts', 'typescript', 'mjs', 'cjs'].includes(language) &&
      body.some((text) => CODE_OUTPUT.test(text));
  if (!showsOutput) return undefined;
  const cannotRun = SESSION_LANGUAGES.includes(language)
    ? `a ${language} block is not run: write it as \`\`\`sh with the output as # lines under each command, or mark it <!-- illustrative -->`
    : `a ${language} block with shown output (// →) is not run: show it as a shell example, or mark it <!-- illustrative -->`;
  return { ...base, segments: [], cannotRun };
}

/**
 * Cuts a shell block where output is shown: `#` lines directly under a code line are that code's
 * output; `#` lines after a blank line (or at the top) are comments.
 */
function toSegments(body: readonly string[], firstLine: number): Segment[] {
  const segments: Segment[] = [];
  let code: string[] = [];
  let codeLine = firstLine;
  let previousIsCode = false;
  for (let index = 0; index < body.length; index += 1) {
    const text = body[index] ?? '';
    if (previousIsCode && /^#( |$)/.test(text)) {
      const shown: string[] = [];
      while (index < body.length && /^#( |$)/.test(body[index] ?? '')) {
        shown.push((body[index] ?? '').replace(/^# ?/, ''));
        index += 1;
      }
      segments.push({ code: code.join('\n'), shown, line: codeLine });
      code = [];
      codeLine = firstLine + index;
      index -= 1;
      previousIsCode = false;
      continue;
    }
    code.push(text);
    previousIsCode = text.trim() !== '' && !text.trim().startsWith('#');
  }
  if (code.some((text) => text.trim() !== '' && !text.trim().startsWith('#')))
    segments.push({ code: code.join('\n'), shown: undefined, line: codeLine });
  return segments;
}

/** What differs from run to run, written alike in shown and actual output. */
export function normalise(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/cn-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'cn-<uuid>')
    .replace(/\b[0-9a-f]{32}\b/g, '<token>')
    .replace(/\b[0-9a-f]{4,}…/g, '<token>…')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g, '<time>')
    .replace(/\b[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, '<time>')
    .replace(/\b\d+\.\d+s\b/g, '<seconds>s')
    .replace(/"id":(\d+|"r\d+")/g, '"id":<id>')
    .replace(/\b(127\.0\.0\.1|localhost):\d+/g, '$1:<port>')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Shown lines against actual ones (both normalised); a shown `...` line stands for any lines, none included. */
export function matchesShown(shown: readonly string[], actual: readonly string[]): boolean {
  const [first, ...rest] = shown;
  if (first === undefined) return actual.length === 0;
  if (first.trim() === '...')
    return actual.some((_, at) => matchesShown(rest, actual.slice(at))) || matchesShown(rest, []);
  return actual[0] === first && matchesShown(rest, actual.slice(1));
}

/** Reads a page and its examples. */
export function loadPageExamples(root: string, file: string): Example[] {
  return parseExamples(file, readFileSync(path.join(root, file), 'utf8'));
}
