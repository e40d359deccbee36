import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';

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

/** An element of file 10001's generated building, for the catalog's element route. */
const FILE_ELEMENT = generateBuilding('10001').elements[0]?.elementId ?? '';
/** An element of integration 20001's first file (200011), for the integration's element routes. */
const INTEGRATION_ELEMENT =
  createModelCatalog().integrationOf('20001').files[0]?.served.model.elements[0]?.elementId ?? '';

/**
 * A catalog curl line's path and query as a tester runs it for the real answer: live View Tokens of
 * file 10001 and integration 20001 in place of the example one, and elements their models have.
 */
export function withLiveIds(url: URL, live: { file: string; integration: string }): string {
  const integration = url.pathname.startsWith('/data/v2/integrations/');
  return `${url.pathname}${url.search}`
    .replace(/(viewToken|view_token)=[0-9a-f]{32}/, `$1=${integration ? live.integration : live.file}`)
    .replace('/elements/1?', `/elements/${integration ? INTEGRATION_ELEMENT : FILE_ELEMENT}?`)
    .replace('/elements/200011.1?', `/elements/200011.${INTEGRATION_ELEMENT}?`);
}
