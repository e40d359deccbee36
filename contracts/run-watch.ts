import type { ProbeResult } from './check-types';
import { isDeferred } from './deferred-answer';
import type { Exchange } from './http-exchange';
import type { Probe } from './probe-planner';
import type { SystemicFailure, SystemicTarget } from './systemic';
import { describeMidRun } from './systemic-text';

/** Requests in a row with no answer (or deferred: 429) before the run stops: as many as are in flight at once. */
export const STREAK = 4;
/** Requests with no answer, each lacking the same credentials (and no such request answered), before that is the cause. */
export const SILENT_WITHOUT = 3;

/** What a run learns from its exchanges as they complete: when to stop sending, and why. */
export interface RunWatch {
  /** Takes one completed exchange; the systemic failure once the exchanges show one. */
  see(result: ProbeResult): SystemicFailure | undefined;
  /** The last exchange got no answer or was deferred: a next request waits for those in flight (a silent target costs one timeout). */
  readonly doubtful: boolean;
  /** Why the run stopped sending, once it has. */
  readonly stopped: SystemicFailure | undefined;
  /** A request the target answered before, when `STREAK` in a row just got no answer: is it still answered? */
  readonly control: ProbeResult | undefined;
  /** The control request's new exchange: no answer again stops the run; an answer makes that streak a defect of those requests, judged. */
  confirm(exchange: Exchange): void;
}

type Lacks = (probe: Probe) => boolean;

/**
 * Watches a run after its first wave. It stops the run when the target stops answering (`STREAK`
 * requests in a row with no answer, and then a request it answered before), limits the rate (`STREAK` answers 429 in a row), or answers no
 * request without credentials (`SILENT_WITHOUT` of them unanswered, those with the Access Token answered).
 * @example const watch = createRunWatch(token, { baseUrl, timeoutMs: 10000 }); watch.see(result)?.kind
 */
export function createRunWatch(accessToken: string, target: SystemicTarget): RunWatch {
  const groups: { without: string; lacks: Lacks }[] = [
    { without: 'without an Authorization header', lacks: (probe) => authorizationOf(probe) === undefined },
    { without: 'without the Access Token', lacks: (probe) => authorizationOf(probe) !== `Bearer ${accessToken}` },
  ];
  const answers: ProbeResult[] = [];
  const unanswered: ProbeResult[] = [];
  let streak: ProbeResult[] = [];
  let stopped: SystemicFailure | undefined;

  const silentWithout = (): SystemicFailure | undefined => {
    if (unanswered.length < SILENT_WITHOUT) return undefined;
    const group = groups.find(
      ({ lacks }) =>
        unanswered.every(({ probe }) => lacks(probe)) &&
        !answers.some(({ probe }) => lacks(probe)) &&
        answers.some(({ probe }) => authorizationOf(probe) === `Bearer ${accessToken}`),
    );
    if (group === undefined) return undefined;
    const text = describeMidRun(
      'silent-without-credentials',
      { answered: answers.length, streak: unanswered, without: group.without },
      target,
    );
    return { kind: 'silent-without-credentials', ...text, example: unanswered[0] as ProbeResult };
  };

  let control: ProbeResult | undefined;
  const judge = (deferred: boolean): SystemicFailure | undefined => {
    const silent = deferred ? undefined : silentWithout();
    if (silent !== undefined || streak.length < STREAK) return silent;
    if (!deferred) {
      // Requests in a row may share a defect (every unknown id hangs): the run stops only when a request answered before is not either.
      control = answers.find(({ probe }) => authorizationOf(probe) === undefined) ?? answers[0] ?? streak[0];
      return undefined;
    }
    const text = describeMidRun('rate-limited', { answered: answers.length, streak, without: '' }, target);
    return { kind: 'rate-limited', ...text, example: streak[0] as ProbeResult };
  };

  return {
    see(result) {
      if (stopped !== undefined || control !== undefined) return stopped;
      const { exchange } = result;
      if (exchange.kind === 'response' && !isDeferred(exchange)) {
        answers.push(result);
        streak = [];
        return undefined;
      }
      const deferred = exchange.kind === 'response';
      // A streak is of one sort: no answer, or deferred.
      if (streak[0] !== undefined && (streak[0].exchange.kind === 'response') !== deferred) streak = [];
      streak.push(result);
      if (!deferred) unanswered.push(result);
      stopped = judge(deferred);
      return stopped;
    },
    get doubtful() {
      return streak.length > 0;
    },
    get stopped() {
      return stopped;
    },
    get control() {
      return control;
    },
    confirm(exchange) {
      control = undefined;
      if (exchange.kind === 'response') {
        streak = [];
        return;
      }
      const text = describeMidRun('stopped-answering', { answered: answers.length, streak, without: '' }, target);
      stopped = { kind: 'stopped-answering', ...text, example: streak[0] as ProbeResult };
    },
  };
}

/** The Authorization header a probe sends (several joined with ", "), or undefined when it sends none. */
function authorizationOf(probe: Probe): string | undefined {
  const entry = Object.entries(probe.request.headers).find(([name]) => name.toLowerCase() === 'authorization');
  if (entry === undefined) return undefined;
  return typeof entry[1] === 'string' ? entry[1] : entry[1].join(', ');
}
