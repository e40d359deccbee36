import fc from 'fast-check';

/**
 * The seed a property file runs with: `FC_SEED` when given (to replay a failure), else a new one
 * drawn as fast-check draws its own, so each run explores new inputs. It is printed when the file
 * starts, and fast-check's failure report repeats it with the counterexample and its path.
 * @example await fc.assert(property, propertyParameters({ numRuns: 100 }))
 */
export const PROPERTY_SEED = readSeed(process.env.FC_SEED);

/** `FC_PATH` (from a failure report, with its `FC_SEED`) replays that counterexample at once. */
const PROPERTY_PATH = process.env.FC_PATH;

/** True while one counterexample is replayed (FC_PATH): a property then runs once, so checks of how much it explored do not apply. */
export const REPLAYING_ONE = PROPERTY_PATH !== undefined && PROPERTY_PATH !== '';

function readSeed(given: string | undefined): number {
  if (given === undefined || given === '') return (Date.now() ^ (Math.random() * 0x1_0000_0000)) | 0;
  const seed = Number(given);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FC_SEED=${given} is not an integer; use the seed a failure report printed, e.g. FC_SEED=-1234567`);
  return seed;
}

/** How to run this file again with the same inputs. */
function replayHint(testFile: string): string {
  return `FC_SEED=${PROPERTY_SEED} npx jest ${testFile}`;
}

/** Prints the seed (call once per file, e.g. in beforeAll). */
export function announceSeed(testFile: string): void {
  console.info(`fast-check seed ${PROPERTY_SEED}; replay this file's inputs with: ${replayHint(testFile)}`);
}

/**
 * fast-check parameters with this file's seed (and `FC_PATH` when replaying one counterexample);
 * a failure's message gains the replay command.
 */
export function propertyParameters<T>(testFile: string, parameters: fc.Parameters<T> = {}): fc.Parameters<T> {
  return {
    ...parameters,
    // The failing check's own message (what it found) goes into the report, beside the counterexample.
    includeErrorInReport: true,
    seed: PROPERTY_SEED,
    ...(PROPERTY_PATH === undefined || PROPERTY_PATH === '' ? {} : { path: PROPERTY_PATH }),
    asyncReporter: async (details) => {
      if (!details.failed) return;
      const message = await fc.asyncDefaultReportMessage(details);
      const path = details.counterexamplePath === null ? '' : ` FC_PATH=${details.counterexamplePath}`;
      // A path belongs to one property: replay it in its own test only.
      const only = expect.getState().currentTestName;
      const testFilter = only === undefined ? '' : ` -t ${JSON.stringify(only)}`;
      // The replay command first: Jest shows the report's lines after the failing check's stack as stack.
      throw new Error(
        `Replay: FC_SEED=${details.seed}${path} npx jest ${testFile}${testFilter}\n${message ?? 'Property failed'}`,
      );
    },
  };
}
