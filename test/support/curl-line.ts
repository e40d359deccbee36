/** Reads a catalog curl line (`curl -i [-X M] [-u k:s] [-H 'N: v']… 'url'`) into a request. */
export function fromCurl(line: string): { method: string; url: URL; headers: Record<string, string> } {
  const words = (line.match(/'[^']*'|\S+/g) ?? []).map((word) => word.replace(/^'(.*)'$/, '$1'));
  let method = 'GET';
  let url: URL | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-i') continue;
    if (word === '-X') method = words[++i] ?? '';
    else if (word === '-u') headers.Authorization = `Basic ${Buffer.from(words[++i] ?? '').toString('base64')}`;
    else if (word === '-H') {
      const [name = '', ...value] = (words[++i] ?? '').split(':');
      headers[name] = value.join(':').trim();
    } else url = new URL(word);
  }
  if (!url) throw new Error(`no URL in ${line}`);
  return { method, url, headers };
}
