import type { components } from '../../spec/generated/mock';
import type { GrantRefusal } from './access-tokens';
import type { ServiceFailure } from './service';
import type { DirectoryType } from './object-types';

/** The service envelope's error codes, as the spec enumerates them. */
export type ErrorCode = components['schemas']['ErrorCode'];
type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The one catalog of service errors: status and default hint of every code. */
export const SERVICE_ERRORS = {
  'authentication.failed': { status: 401, message: 'Token was not recognized.' },
  'permission.denied': { status: 403, message: 'The object belongs to another application.' },
  'parameter.invalid': { status: 400, message: 'A parameter is invalid.' },
  'file.not.found': { status: 404, message: 'File was not found.' },
  'integration.not.found': { status: 404, message: 'Integrated model was not found.' },
  'comparison.not.found': { status: 404, message: 'Model comparison was not found.' },
  'scene.not.found': { status: 404, message: 'Scene was not found.' },
  'submodel.not.found': { status: 404, message: 'Sub-model was not found.' },
  'clash.detection.not.found': { status: 404, message: 'Clash detection was not found.' },
  'module.data.not.found': { status: 404, message: 'Component data was not found.' },
  'element.not.found': { status: 404, message: 'The model has no such element.' },
  'route.not.found': { status: 404, message: 'No such route.' },
  'method.not.allowed': { status: 405, message: 'Method not allowed on this route.' },
  'request.too.large': { status: 413, message: 'The request is larger than the mock accepts.' },
  'request.timeout': { status: 408, message: 'The request did not arrive in time.' },
  'system.error': { status: 500, message: 'Internal server error.' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

const NOT_FOUND_CODE = {
  file: 'file.not.found',
  integration: 'integration.not.found',
  comparison: 'comparison.not.found',
  scene: 'scene.not.found',
  submodel: 'submodel.not.found',
  clashDetection: 'clash.detection.not.found',
  moduleData: 'module.data.not.found',
} as const satisfies Record<DirectoryType, ErrorCode>;

const UNAUTHENTICATED_MESSAGE = {
  missing: 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".',
  'not-bearer': 'Authorization scheme is not Bearer.',
  empty: 'Access token is empty.',
  unknown: 'Token was not recognized.',
  expired: 'Token has expired.',
  'unknown-view-token': 'View token was not recognized.',
  'expired-view-token': 'View token has expired.',
  'bad-basic-credentials': 'Invalid basic authentication token.',
} as const satisfies Record<Extract<ServiceFailure, { kind: 'unauthenticated' }>['reason'], string>;

/** A framework-neutral answer: status, headers and a JSON body. */
export interface Answer<Body = unknown> {
  status: number;
  headers: Record<string, string>;
  body: Body;
}

/** A service error answer in the envelope. */
export type ErrorAnswer = Answer<ErrorEnvelope>;

/** Builds the answer for an error code, with the catalog's hint unless one is given. */
export function toErrorAnswer(code: ErrorCode, message?: string, status?: number): ErrorAnswer {
  const entry = SERVICE_ERRORS[code];
  const headers: Record<string, string> =
    entry.status === 401 ? { 'WWW-Authenticate': 'Bearer error="invalid_token"' } : {};
  return { status: status ?? entry.status, body: { code, data: null, message: message ?? entry.message }, headers };
}

/** Maps a core failure to the service's envelope (the same answer a forced scenario gives). */
export function fromServiceFailure(failure: ServiceFailure): ErrorAnswer {
  switch (failure.kind) {
    case 'unauthenticated': {
      const message = UNAUTHENTICATED_MESSAGE[failure.reason];
      const answer = toErrorAnswer(
        'authentication.failed',
        failure.refusal ? `${message} ${toRefusalSentence(failure.refusal)}` : message,
      );
      if (failure.reason === 'bad-basic-credentials')
        answer.headers['WWW-Authenticate'] = 'Basic realm="view-token-mock"';
      return answer;
    }
    case 'forbidden':
      return toErrorAnswer('permission.denied');
    case 'not-found':
      return toErrorAnswer(NOT_FOUND_CODE[failure.type]);
    case 'invalid-parameter':
      return toErrorAnswer(
        'parameter.invalid',
        `Invalid parameter ${failure.parameter}: ${failure.reason}${failure.reason.endsWith('?') ? '' : '.'}`,
      );
  }
}

/** Why Basic credentials were refused, as a sentence an SDK user reads in the error text. */
export function toRefusalSentence(refusal: GrantRefusal): string {
  switch (refusal.reason) {
    case 'no-basic':
      return 'Expected "Authorization: Basic base64(appKey:appSecret)".';
    case 'malformed-basic':
      return 'The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.';
    case 'unknown-app':
      return (
        `appKey "${shorten(refusal.appKey)}" is unknown: applications are configured (${refusal.configured}), ` +
        'so only their credentials are accepted.'
      );
    case 'wrong-secret':
      return `The appSecret of appKey "${shorten(refusal.appKey)}" does not match the configured one.`;
  }
}

/** An echoed value kept readable: at most 64 characters. */
function shorten(value: string): string {
  return value.length <= 64 ? value : `${value.slice(0, 61)}...`;
}
