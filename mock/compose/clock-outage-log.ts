import type { Logger } from 'pino';
import { REPEATED_WARNING_INTERVAL_MS, createLogThrottle } from '../http/log-throttle';
// Types only: the Redis modules (and ioredis) load only for --store redis.
import type { SharedClockEvents } from '../stores/redis-clock';

/**
 * How the log hears of a shared clock that cannot reach Redis: the outage's first failure at once,
 * then at most once per 10 s (the other store warnings' throttle) with how many alike since, and its
 * end once, with how many syncs failed. Each sync every 200 ms used to be its own warning line.
 * @example createRedisClock(inner, redis, prefix, logClockOutages(logger))
 */
export function logClockOutages(logger: Logger, warningDue = createLogThrottle()): SharedClockEvents {
  let outage = 0;
  return {
    failed(error, failures) {
      // A new outage is logged at once, even within 10 s of the last one's lines.
      if (failures === 1) outage += 1;
      const skipped = warningDue(`shared clock sync failed (outage ${outage})`);
      if (skipped === undefined) return;
      logger.warn({ err: error, failedSyncs: failures, ...(skipped > 0 ? { alikeSinceLast: skipped } : {}) },
        `shared clock sync failed; retrying (logged at most once per ${REPEATED_WARNING_INTERVAL_MS / 1000} s per outage)`);
    },
    recovered(failures) {
      logger.info({ failedSyncs: failures }, 'shared clock sync works again');
    },
  };
}
