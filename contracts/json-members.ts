/**
 * The first member name an object of a JSON text repeats (its value decoded, so `"\u0064ata"` is
 * `data`), at any depth; undefined when none does. The text must be valid JSON (parse it first).
 * @example repeatedMember('{"code":"success","data":"a","data":"b"}') // 'data'
 */
export function repeatedMember(json: string): string | undefined {
  const objects: (Set<string> | undefined)[] = []; // one entry per open container: a Set for an object
  let expectName = false;
  for (let at = 0; at < json.length; at += 1) {
    const char = json[at];
    if (char === '"') {
      const end = endOfString(json, at);
      const names = objects.at(-1);
      if (names && expectName) {
        const name = JSON.parse(json.slice(at, end + 1)) as string;
        if (names.has(name)) return name;
        names.add(name);
        expectName = false;
      }
      at = end;
      continue;
    }
    if (char === '{') objects.push(new Set());
    if (char === '[') objects.push(undefined);
    if (char === '}' || char === ']') objects.pop();
    // A name comes first in an object and after each comma in one.
    if (char === '{' || char === ',') expectName = objects.at(-1) !== undefined;
  }
  return undefined;
}

/** The index of the quote that ends the string starting at `start` (escapes skipped). */
function endOfString(json: string, start: number): number {
  let at = start + 1;
  while (at < json.length && json[at] !== '"') at += json[at] === '\\' ? 2 : 1;
  return at;
}
