/**
 * Why a store call failed, one class per concept (ky's way): none is a subclass of another, so a
 * handler tells them apart with `instanceof` and answers each its own way (see mock/front/failure.ts).
 */

/**
 * The store holds as many View Tokens as it may (`--max-view-tokens`): 503 until some are reclaimed
 * or deleted. `holding` says what holds the space (full-store.ts); a store throws it without.
 */
export class StoreFullError extends Error {
  override name = 'StoreFullError';
  /** The cap that was met. */
  readonly maxRecords: number;
  /** What holds the space, as the message says it; undefined until the core has looked. */
  readonly holding: string | undefined;

  constructor(maxRecords: number, holding?: string | undefined) {
    super(
      `The mock holds ${maxRecords} View Token${maxRecords === 1 ? '' : 's'}, the most it may (--max-view-tokens). ` +
        `${holding ?? HELD_UNTIL_RECLAIMED} ` +
        'DELETE some through the admin API (or POST /__admin/reset), or start with a larger --max-view-tokens.',
    );
    this.maxRecords = maxRecords;
    this.holding = holding;
  }
}

/** What holds a full store when no session's clock is behind: tokens not yet long enough expired. */
export const HELD_UNTIL_RECLAIMED =
  "A View Token is reclaimed 24 h after it expires on its own session's clock, and none of these is that far past it yet.";

/**
 * The store cannot be reached or does not answer in time (Redis down, stalled past --redis-timeout,
 * loading, out of memory): the service answers 503 with Retry-After until it returns.
 * @example new StoreUnavailableError('Redis is unavailable for the View Token store\'s find: Connection is closed.')
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** What a log line may show of a reply: short, and no View Token or other 32-hex secret in full. */
const RECEIVED_SHOWN = 200;

/**
 * The store answered, but not with anything the mock expects (a key of another type, a value that
 * is not what the mock wrote, a script's unknown answer): a 500, logged with what was received.
 * @example
 * new StoreReplyError("the View Token store's find", 'WRONGTYPE Operation against a key holding the wrong kind')
 */
export class StoreReplyError extends Error {
  override name = 'StoreReplyError';
  /** What the store answered, shortened and with 32-hex runs cut (it may hold a View Token). */
  readonly received: string;

  constructor(where: string, received: unknown) {
    const shown = toShownReply(received);
    super(`The store answered ${where} with something the mock does not expect: ${shown}`);
    this.received = shown;
  }
}

function toShownReply(received: unknown): string {
  const text =
    typeof received === 'string'
      ? received
      : received instanceof Error
        ? received.message
        : (JSON.stringify(received) ?? String(received));
  const cut = text.replace(/[0-9a-f]{32,}/g, (hex) => `${hex.slice(0, 8)}…`);
  return cut.length > RECEIVED_SHOWN ? `${cut.slice(0, RECEIVED_SHOWN)}…` : cut;
}
