import { StoreFullError, StoreReplyError, StoreUnavailableError } from '../core/store-errors';

/**
 * Redis errors that say it cannot serve now (loading a dataset, busy with a script, a cluster or
 * replica not ready, out of memory, unable to persist): it is unavailable, not wrong.
 */
const UNAVAILABLE_REPLIES = /^(LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY|NOREPLICAS|MISCONF|OOM)\b/;

/**
 * A failure of a Redis store call as the store error of its concept: Redis's own error reply
 * (WRONGTYPE, a script error) or a reply the code could not read is a StoreReplyError; a refusal
 * to serve now (LOADING, OOM, …) and every connection failure (refused, closed, timed out) a
 * StoreUnavailableError. Store errors pass as they are.
 * @example toStoreError(new Error('Connection is closed.'), 'the View Token store\'s find') // StoreUnavailableError
 */
export function toStoreError(error: unknown, where: string): Error {
  if (error instanceof StoreFullError || error instanceof StoreUnavailableError || error instanceof StoreReplyError)
    return error;
  const failure = error instanceof Error ? error : new Error(String(error));
  if (failure.name === 'ReplyError' && !UNAVAILABLE_REPLIES.test(failure.message))
    return new StoreReplyError(where, failure.message);
  // Reading a reply of an unexpected shape (JSON.parse, a field of null) throws these.
  if (failure instanceof SyntaxError || failure instanceof TypeError)
    return new StoreReplyError(where, failure.message);
  return new StoreUnavailableError(`Redis is unavailable for ${where}: ${failure.message}`);
}
