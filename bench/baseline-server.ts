// The baseline: a bare node:http server doing the minimal same work as the mock's two hot routes
// (check the bearer header, parse one int64 id exactly, a 32-hex CSPRNG token into a Map, the
// envelope reply; the use path looks the token up and slides its expiry). Usage: node baseline-server.js PORT
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:http';

const TTL_MS = 12 * 3_600_000;
const INT64_MAX = 9223372036854775807n;
const tokens = new Map<string, { fileId: string; expiresAtMs: number }>();

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (url.pathname === '/view/token') {
    if (!/^bearer\s+\S/i.test(req.headers.authorization ?? ''))
      return reply(res, 401, { code: 'authentication.failed', data: null, message: 'Token was not recognized.' });
    const fileId = url.searchParams.get('fileId') ?? '';
    if (!/^-?\d{1,19}$/.test(fileId) || BigInt(fileId) > INT64_MAX)
      return reply(res, 400, { code: 'parameter.invalid', data: null, message: 'fileId' });
    const token = randomBytes(16).toString('hex');
    tokens.set(token, { fileId, expiresAtMs: Date.now() + TTL_MS });
    return reply(res, 200, { code: 'success', data: token, message: '' });
  }
  if (url.pathname === '/inside/databag') {
    const record = tokens.get(url.searchParams.get('viewToken') ?? '');
    const now = Date.now();
    if (!record || record.expiresAtMs <= now)
      return reply(res, 401, { code: 'authentication.failed', data: null, message: 'View token has expired.' });
    record.expiresAtMs = now + TTL_MS;
    return reply(res, 200, {
      code: 'success',
      data: {
        renderType: 'bimView',
        modelId: record.fileId,
        viewTokenExpiresAt: new Date(record.expiresAtMs).toISOString(),
      },
      message: '',
    });
  }
  reply(res, 404, { code: 'not.found', data: null, message: '' });
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`baseline listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
