import type { IHttpOperation } from '@stoplight/types';
import type * as PrismValidator from '@stoplight/prism-http/dist/validator';
import { requireInstalled } from '../config/optional-package';

type PrismValidatorModule = typeof PrismValidator;
interface Diagnostic {
  path?: readonly (string | number)[];
  message: string;
  severity: number;
}

let loaded: PrismValidatorModule | undefined;

/**
 * prism-http's validator, required on first use only (`--proxy`, `--validate-responses`): the
 * default start never loads it. prism is an optional peer dependency: a missing one is a start-up
 * error (MissingPackageError) naming the flag and the install command.
 */
export function loadPrismValidator(flag: string): PrismValidatorModule {
  if (loaded) return loaded;
  requireInstalled('@stoplight/prism-http', { neededBy: flag });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded = require('@stoplight/prism-http/dist/validator') as PrismValidatorModule;
  return loaded;
}

/** A response as prism judges it: status, headers (any case), the body parsed when it is JSON. */
export interface JudgedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

// prism's DiagnosticSeverity: 0 error, 1 warning (an undocumented non-2xx status), 2 information, 3 hint.
const REPORTED_SEVERITY = 1;

/** prism's verdict on a response of `operation`, as one readable line per violation ([] when it conforms). */
export function judgeResponse(
  validator: PrismValidatorModule,
  operation: IHttpOperation,
  response: JudgedResponse,
): string[] {
  let result: ReturnType<PrismValidatorModule['validateOutput']>;
  try {
    result = validator.validateOutput({ resource: operation, element: response });
  } catch (error) {
    // prism throws on a Content-Type that is not a media type at all.
    const contentType = JSON.stringify(response.headers['content-type'] ?? '');
    return [`response: prism could not judge it (${(error as Error).message}; content type ${contentType})`];
  }
  if (result._tag === 'Right') return [];
  return (result.left as readonly Diagnostic[])
    .filter((diagnostic) => diagnostic.severity <= REPORTED_SEVERITY)
    .map((diagnostic) => toLine('response', diagnostic));
}

/** One violation as the journal, header count, log and dashboard show it. */
function toLine(side: 'request' | 'response', diagnostic: Diagnostic): string {
  const where = (diagnostic.path ?? []).join('.');
  return `${side}${where ? ` ${where}` : ''}: ${diagnostic.message}`;
}
