import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServiceFailure } from '../../mock/core/service';
import type { ErrorAnswer } from '../../mock/core/service-answers';
import { SERVICE_ERRORS, fromServiceFailure, toErrorAnswer, toRefusalSentence } from '../../mock/core/service-answers';

test('the error catalog and the spec enumerate the same codes', () => {
  const spec = parse(readFileSync(path.resolve(__dirname, '../../spec/mock.openapi.yaml'), 'utf8'));
  expect(Object.keys(SERVICE_ERRORS).sort()).toEqual([...spec.components.schemas.ErrorCode.enum].sort());
});

const BEARER_CHALLENGE = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

test.each<[string, ServiceFailure, ErrorAnswer]>([
  [
    'no Authorization',
    { kind: 'unauthenticated', reason: 'missing' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: {
        code: 'authentication.failed',
        data: null,
        message: 'Authorization header is missing; expected "Bearer <ACCESS_TOKEN>".',
      },
    },
  ],
  [
    'another scheme',
    { kind: 'unauthenticated', reason: 'not-bearer' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'Authorization scheme is not Bearer.' },
    },
  ],
  [
    'an empty token',
    { kind: 'unauthenticated', reason: 'empty' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'Access token is empty.' },
    },
  ],
  [
    'an unknown token',
    { kind: 'unauthenticated', reason: 'unknown' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'Token was not recognized.' },
    },
  ],
  [
    'an expired token',
    { kind: 'unauthenticated', reason: 'expired' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'Token has expired.' },
    },
  ],
  [
    'an unknown View Token',
    { kind: 'unauthenticated', reason: 'unknown-view-token' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'View token was not recognized.' },
    },
  ],
  [
    'an expired View Token',
    { kind: 'unauthenticated', reason: 'expired-view-token' },
    {
      status: 401,
      headers: BEARER_CHALLENGE,
      body: { code: 'authentication.failed', data: null, message: 'View token has expired.' },
    },
  ],
  [
    'Basic credentials without a refusal',
    { kind: 'unauthenticated', reason: 'bad-basic-credentials' },
    {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: { code: 'authentication.failed', data: null, message: 'Invalid basic authentication token.' },
    },
  ],
  [
    'no Basic credentials',
    { kind: 'unauthenticated', reason: 'bad-basic-credentials', refusal: { reason: 'no-basic' } },
    {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: {
        code: 'authentication.failed',
        data: null,
        message: 'Invalid basic authentication token. Expected "Authorization: Basic base64(appKey:appSecret)".',
      },
    },
  ],
  [
    'malformed Basic credentials',
    { kind: 'unauthenticated', reason: 'bad-basic-credentials', refusal: { reason: 'malformed-basic' } },
    {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: {
        code: 'authentication.failed',
        data: null,
        message:
          'Invalid basic authentication token. The Basic credentials must be base64 of a non-empty appKey, a colon and a non-empty appSecret.',
      },
    },
  ],
  [
    'an unknown application',
    {
      kind: 'unauthenticated',
      reason: 'bad-basic-credentials',
      refusal: { reason: 'unknown-app', appKey: 'app-x', configured: 2 },
    },
    {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: {
        code: 'authentication.failed',
        data: null,
        message:
          'Invalid basic authentication token. appKey "app-x" is unknown: applications are configured (2), so only their credentials are accepted.',
      },
    },
  ],
  [
    'a wrong secret',
    { kind: 'unauthenticated', reason: 'bad-basic-credentials', refusal: { reason: 'wrong-secret', appKey: 'app-y' } },
    {
      status: 401,
      headers: { 'WWW-Authenticate': 'Basic realm="view-token-mock"' },
      body: {
        code: 'authentication.failed',
        data: null,
        message:
          'Invalid basic authentication token. The appSecret of appKey "app-y" does not match the configured one.',
      },
    },
  ],
  [
    "another application's object",
    { kind: 'forbidden', type: 'scene' },
    {
      status: 403,
      headers: {},
      body: { code: 'permission.denied', data: null, message: 'The object belongs to another application.' },
    },
  ],
  [
    'a missing file',
    { kind: 'not-found', type: 'file' },
    { status: 404, headers: {}, body: { code: 'file.not.found', data: null, message: 'File was not found.' } },
  ],
  [
    'a missing integration',
    { kind: 'not-found', type: 'integration' },
    {
      status: 404,
      headers: {},
      body: { code: 'integration.not.found', data: null, message: 'Integrated model was not found.' },
    },
  ],
  [
    'a missing comparison',
    { kind: 'not-found', type: 'comparison' },
    {
      status: 404,
      headers: {},
      body: { code: 'comparison.not.found', data: null, message: 'Model comparison was not found.' },
    },
  ],
  [
    'a missing scene',
    { kind: 'not-found', type: 'scene' },
    { status: 404, headers: {}, body: { code: 'scene.not.found', data: null, message: 'Scene was not found.' } },
  ],
  [
    'a missing sub-model',
    { kind: 'not-found', type: 'submodel' },
    { status: 404, headers: {}, body: { code: 'submodel.not.found', data: null, message: 'Sub-model was not found.' } },
  ],
  [
    'a missing clash detection',
    { kind: 'not-found', type: 'clashDetection' },
    {
      status: 404,
      headers: {},
      body: { code: 'clash.detection.not.found', data: null, message: 'Clash detection was not found.' },
    },
  ],
  [
    'missing component data',
    { kind: 'not-found', type: 'moduleData' },
    {
      status: 404,
      headers: {},
      body: { code: 'module.data.not.found', data: null, message: 'Component data was not found.' },
    },
  ],
  [
    'an invalid parameter',
    { kind: 'invalid-parameter', parameter: 'fileId', reason: '"x" is not an integer' },
    {
      status: 400,
      headers: {},
      body: { code: 'parameter.invalid', data: null, message: 'Invalid parameter fileId: "x" is not an integer.' },
    },
  ],
  [
    'a question of a parameter',
    { kind: 'invalid-parameter', parameter: 'fileid', reason: 'not a parameter of this route; did you mean fileId?' },
    {
      status: 400,
      headers: {},
      body: {
        code: 'parameter.invalid',
        data: null,
        message: 'Invalid parameter fileid: not a parameter of this route; did you mean fileId?',
      },
    },
  ],
])('%s is answered in the envelope with its status, message and headers', (_label, failure, answer) => {
  expect(fromServiceFailure(failure)).toEqual(answer);
});

test.each([
  ['k'.repeat(64), 'k'.repeat(64)],
  ['k'.repeat(65), `${'k'.repeat(61)}...`],
])('an appKey echoed in a refusal is kept to 64 characters (%#)', (appKey, echoed) => {
  expect(toRefusalSentence({ reason: 'wrong-secret', appKey })).toBe(
    `The appSecret of appKey "${echoed}" does not match the configured one.`,
  );
});

test.each([
  [
    'route.not.found',
    undefined,
    undefined,
    { status: 404, headers: {}, body: { code: 'route.not.found', data: null, message: 'No such route.' } },
  ],
  [
    'method.not.allowed',
    undefined,
    undefined,
    {
      status: 405,
      headers: {},
      body: { code: 'method.not.allowed', data: null, message: 'Method not allowed on this route.' },
    },
  ],
  [
    'request.too.large',
    undefined,
    undefined,
    {
      status: 413,
      headers: {},
      body: { code: 'request.too.large', data: null, message: 'The request is larger than the mock accepts.' },
    },
  ],
  [
    'request.timeout',
    undefined,
    undefined,
    {
      status: 408,
      headers: {},
      body: { code: 'request.timeout', data: null, message: 'The request did not arrive in time.' },
    },
  ],
  [
    'system.error',
    undefined,
    undefined,
    { status: 500, headers: {}, body: { code: 'system.error', data: null, message: 'Internal server error.' } },
  ],
  [
    'system.error',
    'Service temporarily unavailable.',
    503,
    {
      status: 503,
      headers: {},
      body: { code: 'system.error', data: null, message: 'Service temporarily unavailable.' },
    },
  ],
  [
    'authentication.failed',
    'Nope.',
    undefined,
    { status: 401, headers: BEARER_CHALLENGE, body: { code: 'authentication.failed', data: null, message: 'Nope.' } },
  ],
  [
    'parameter.invalid',
    undefined,
    undefined,
    { status: 400, headers: {}, body: { code: 'parameter.invalid', data: null, message: 'A parameter is invalid.' } },
  ],
] as const)(
  "the error answer for %s (message %j, status %j) is the catalog's unless given",
  (code, message, status, answer) => {
    expect(toErrorAnswer(code, message, status)).toEqual(answer);
  },
);
