import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection now. For one moment only: after a large state file is loaded and before
 * the mock listens, so the load's leftovers (a 0.2 file of a million View Tokens is ~300 MB of parsed
 * objects) are freed during the start, not by a long pause under the first requests. V8 offers its
 * `gc` only behind `--expose-gc`: the flag is set for one new context, which is handed the function,
 * and unset again; the mock's own context never sees a `gc`.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
