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
  methods: 'Endpoints: 1. Method POST (the child-file View Token); 2. Method GET (the View Token of a model)',
  credential:
    'A View Token is a temporary credential for access to one model, one integrated model, one model comparison or one scene.',
  validity: 'A View Token is valid for 12 hours.',
  envelope: 'Response envelope GeneralResponse of string: code, data, message',
  requestJson: 'Request content type: application/json (operation 1)',
} as const;

/** The RFCs the document invokes (Bearer: RFC 6750; HTTP: RFC 9110 and 9111; JSON: RFC 8259), where a check leans on one. */
export const RFC = {
  otherMethods:
    'RFC 9110 §9.1: a method is the semantics the client asks for (the others than the documented one are not this operation); §9.3.2: HEAD is a GET without content, so it needs the same credentials',
  uniqueMembers:
    'RFC 8259 §4: the names within an object SHOULD be unique; with repeated names, parsers disagree on which value is the one',
  sharedCaches:
    'RFC 9111 §3.5: a shared cache may store an answer to a request with Authorization only when it says public, s-maxage or must-revalidate; RFC 9213: CDN-Cache-Control gives a CDN, a shared cache, its own directives in place of Cache-Control',
  numericDate: 'RFC 7519 §4.1.4: exp is a NumericDate, §2: a JSON numeric value of seconds since the epoch',
  tokenDisclosure:
    'RFC 6750 §5.3: bearer tokens MUST NOT be stored in cookies that can be sent in the clear, and must not leak to unintended parties',
  tokenIntegrity:
    'RFC 6750 §5.2: a token needs integrity protection against manufacture and modification; RFC 6749 §10.10: guessing a token must be at most 2^-128 likely (RFC 7519 §6: alg "none" is an unsecured JWT)',
} as const;
