import { readSessionHeader } from '../../mock/core/session-limit';
import { StoreFullError, StoreReplyError, StoreUnavailableError } from '../../mock/core/store-errors';

// What a log line shows of a store's unexpected reply, and how X-Mock-Session is read.

const VIEW_TOKEN = '0123456789abcdef0123456789abcdef';

test.each<[unknown, string]>([
  [
    'WRONGTYPE Operation against a key holding the wrong kind of value',
    'WRONGTYPE Operation against a key holding the wrong kind of value',
  ],
  [new Error('ERR unknown command'), 'ERR unknown command'],
  [{ ok: 1 }, '{"ok":1}'],
  [undefined, 'undefined'],
  [`token ${VIEW_TOKEN} and ${VIEW_TOKEN}ff`, 'token 01234567… and 01234567…'],
  [`short ${VIEW_TOKEN.slice(1)}`, `short ${VIEW_TOKEN.slice(1)}`],
  [`upper ${VIEW_TOKEN.toUpperCase()}`, `upper ${VIEW_TOKEN.toUpperCase()}`],
  ['x'.repeat(200), 'x'.repeat(200)],
  ['x'.repeat(201), `${'x'.repeat(200)}…`],
])('a store reply %j is shown as %j (32-hex runs cut to 8, the text cut after 200 characters)', (received, shown) => {
  const error = new StoreReplyError("the View Token store's find", received);
  expect([error.name, error.received, error.message]).toEqual([
    'StoreReplyError',
    shown,
    `The store answered the View Token store's find with something the mock does not expect: ${shown}`,
  ]);
});

test('the three store errors are told apart by class: none is another', () => {
  const errors = [
    new StoreFullError(5),
    new StoreUnavailableError('Redis is down.'),
    new StoreReplyError('a find', 'x'),
  ];
  expect(
    errors.map((error) => [
      error.name,
      error instanceof StoreFullError,
      error instanceof StoreUnavailableError,
      error instanceof StoreReplyError,
    ]),
  ).toEqual([
    ['StoreFullError', true, false, false],
    ['StoreUnavailableError', false, true, false],
    ['StoreReplyError', false, false, true],
  ]);
  expect([errors[0]?.message, errors[1]?.message]).toEqual([
    "The mock holds 5 View Tokens, the most it may (--max-view-tokens). A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet. DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.",
    'Redis is down.',
  ]);
});

test.each<[string | null | undefined, unknown]>([
  [undefined, { kind: 'none' }],
  [null, { kind: 'none' }],
  ['', { kind: 'ok', session: '' }],
  ['qa-anna', { kind: 'ok', session: 'qa-anna' }],
  // curl sends é as the bytes C3 A9, which HTTP hands over as the Latin-1 text "Ã©".
  ['caf\u00c3\u00a9', { kind: 'ok', session: 'café' }],
  // Not valid UTF-8 (a lone E9 byte): kept as the Latin-1 text it came as.
  ['caf\u00e9', { kind: 'ok', session: 'caf\u00e9' }],
  // Already decoded text (a code above FF, as MSW hands it over): kept.
  ['qa-🙂-\u00e9', { kind: 'ok', session: 'qa-🙂-\u00e9' }],
  // Its code units are no bytes (read as bytes, the two halves of 🙂 would be "=B"): kept whole.
  ['🙂', { kind: 'ok', session: '🙂' }],
  ['x'.repeat(128), { kind: 'ok', session: 'x'.repeat(128) }],
  [
    'x'.repeat(129),
    { kind: 'refused', detail: 'X-Mock-Session is 129 characters long; the mock accepts at most 128.' },
  ],
  // 128 é as UTF-8 bytes in Latin-1 text (256 units) are 128 characters once decoded; 129 are too many.
  ['\u00c3\u00a9'.repeat(128), { kind: 'ok', session: 'é'.repeat(128) }],
  [
    '\u00c3\u00a9'.repeat(129),
    { kind: 'refused', detail: 'X-Mock-Session is 129 characters long; the mock accepts at most 128.' },
  ],
])('X-Mock-Session %j is read as %j', (raw, read) => {
  expect(readSessionHeader(raw)).toEqual(read);
});
