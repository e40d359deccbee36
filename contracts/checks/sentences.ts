/**
 * The sentences of the interface document (the View Token Issuing Service Interface) the checks
 * come from, quoted as it writes them; table rows are written `<status> <meaning>: <body>`.
 */
export const SENTENCE = {
  bearer:
    'Both operations require the header Authorization with the value Bearer followed by the application Access Token, <ACCESS_TOKEN>.',
  notInAuthorization:
    'The View Token issued is passed by the caller to the front-end component, not in the Authorization header of these operations.',
  unauthorized: 'Errors: 401 Unauthorized.',
  int64: 'All identifiers are integers (int64).',
  pathInt64: 'Path parameter integrateId: required, integer (int64); Path parameter fileId: required, integer (int64)',
  exactlyOne: 'Exactly one of the ID query parameters is given per request (the interface labels them as choose one).',
  oneObject: 'It allows access only to the data of the object it was issued for.',
  frontEnd: 'The caller passes the View Token to the interface of a front-end JavaScript component.',
  success: 'A successful response has code "success" and an empty message.',
  ok: '200 OK: GeneralResponse of string; data holds <VIEW_TOKEN>',
  noBodyType: '201 Created, 401 Unauthorized, 403 Forbidden, 404 Not Found: no body type given',
  contentTypes: 'Response content types: */* and application/json',
  notFound: '404 Not Found',
  forbidden: '403 Forbidden',
  statuses: 'Responses: 200 OK, 201 Created (operation 1), 401 Unauthorized, 403 Forbidden, 404 Not Found',
  errors: 'Errors: 401 Unauthorized, 403 Forbidden, 404 Not Found',
} as const;
