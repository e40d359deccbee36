import type { Deviation, FakeRequest } from './fake-deviations';
import { FAKE_TOKEN } from './fake-deviations';

/** Whether the fake with this deviation lets the request through (`issued`: the View Tokens it gave out). */
export function isAuthorized(deviation: Deviation, request: FakeRequest, issued: ReadonlySet<string>): boolean {
  const header =
    deviation === 'reads-last-authorization-header' ? request.authorizations.at(-1) : request.authorizations[0];
  if (deviation === 'accepts-no-auth') return true;
  if (header === undefined) return misplacedToken(deviation, request) === FAKE_TOKEN;
  if (deviation === 'accepts-basic' && /^basic /i.test(header)) return true;
  if (deviation === 'accepts-token-under-any-scheme' && header.endsWith(` ${FAKE_TOKEN}`)) return true;
  if (deviation === 'accepts-bare-token' && header === FAKE_TOKEN) return true;
  if (deviation === 'accepts-empty-bearer' && /^bearer\s*$/i.test(header)) return true;
  const token = presentedToken(deviation, header);
  return token !== undefined && token !== '' && matches(deviation, token, issued);
}

/** The bearer token the fake reads out of the header: `Bearer <one word>`, unless it parses sloppily. */
function presentedToken(deviation: Deviation, header: string): string | undefined {
  const words = header.split(' ');
  const bearer = /^bearer$/i.test(words[0] ?? '') && words.length > 1;
  if (deviation === 'splits-authorization-on-spaces') return bearer ? words[1] : undefined;
  if (deviation === 'takes-last-word-as-token') return bearer ? words.at(-1) : undefined;
  if (deviation === 'trims-token') return /^bearer (.+)$/i.exec(header)?.[1]?.trim();
  return /^bearer\s+(\S+)$/i.exec(header)?.[1];
}

function matches(deviation: Deviation, token: string, issued: ReadonlySet<string>): boolean {
  switch (deviation) {
    case 'accepts-any-token':
      return true;
    case 'compares-token-prefix':
      return FAKE_TOKEN.startsWith(token);
    case 'compares-token-suffix':
      return FAKE_TOKEN.endsWith(token);
    case 'accepts-token-with-suffix':
      return token.startsWith(FAKE_TOKEN);
    case 'accepts-token-inside-longer-one':
      return token.includes(FAKE_TOKEN);
    case 'compares-first-8-characters':
      return token.slice(0, 8) === FAKE_TOKEN.slice(0, 8);
    case 'token-comparison-ignores-case':
      return token.toLowerCase() === FAKE_TOKEN.toLowerCase();
    case 'accepts-view-token-as-access-token':
      return token === FAKE_TOKEN || issued.has(token);
    default:
      return token === FAKE_TOKEN;
  }
}

/** Where a deviating fake also looks for the Access Token when there is no Authorization header. */
function misplacedToken(deviation: Deviation, request: FakeRequest): string | undefined {
  const query = new URLSearchParams(request.path.split('?')[1] ?? '');
  switch (deviation) {
    case 'accepts-token-in-query':
      return query.get('access_token') ?? undefined;
    case 'accepts-token-in-cookie':
      return /(?:^|;\s*)token=([^;]*)/.exec(String(request.headers.cookie ?? ''))?.[1];
    case 'accepts-token-in-other-header':
      return typeof request.headers['x-access-token'] === 'string' ? request.headers['x-access-token'] : undefined;
    case 'accepts-token-in-body': {
      try {
        return (JSON.parse(request.body) as { accessToken?: string }).accessToken;
      } catch {
        return undefined;
      }
    }
    default:
      return undefined;
  }
}
