import type { IncomingMessage } from 'node:http';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { BodyTooLargeError } from '../front/front-request';
import { jsonDecoderFor, parseJsonBody } from '../front/json-body';
import { REQUEST_LIMITS } from '../front/request-limits';

/** The codings body-parser decompressed (a Map: a client's `Content-Encoding: constructor` names nothing). */
const DECOMPRESS: ReadonlyMap<string, typeof gunzip> = new Map([
  ['gzip', gunzip],
  ['x-gzip', gunzip],
  ['deflate', inflate],
  ['br', brotliDecompress],
]);

/**
 * A request's JSON body (application/json or `+json`), read within REQUEST_LIMITS.bodyBytes after
 * decompression (gzip, deflate, br): an object or array, else undefined (no body, another type or
 * charset, bad JSON, a coding that does not decompress: the operation's check then says what it
 * needs). Rejects with BodyTooLargeError past the limit, the rest unread (the answer closes the
 * connection). A body an app's parser already read (express.json() before the middleware) is taken
 * from `req.body`.
 * @example const body = await readJsonBody(req);
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (req.readableEnded) return (req as { body?: unknown }).body;
  const decoder = jsonDecoderFor(req.headers['content-type']);
  const coding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decompress = DECOMPRESS.get(coding);
  if (decoder === undefined || (decompress === undefined && coding !== 'identity')) return undefined;
  const raw = await readAtMost(req, REQUEST_LIMITS.bodyBytes);
  const bytes = decompress === undefined ? raw : await inflateAtMost(decompress, raw);
  if (bytes === undefined) return undefined;
  return parseJsonBody(bytes, decoder);
}

/** The whole stream, or BodyTooLargeError once it passes `limit` bytes. */
function readAtMost(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer): void => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      reject(new BodyTooLargeError(`The body passed ${limit} bytes.`));
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, length)));
    req.once('error', reject);
  });
}

/** The decompressed bytes, undefined when they do not decompress, BodyTooLargeError past the limit. */
function inflateAtMost(decompress: typeof gunzip, raw: Buffer): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) =>
    decompress(raw, { maxOutputLength: REQUEST_LIMITS.bodyBytes }, (error, bytes) => {
      if (error === null) return resolve(bytes);
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        return reject(new BodyTooLargeError(`The body passed ${REQUEST_LIMITS.bodyBytes} bytes once decompressed.`));
      resolve(undefined);
    }),
  );
}
