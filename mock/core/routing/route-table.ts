import { ROUTES } from '../../../spec/generated/routes';

/**
 * Where an operation lives, which decides everything around it: the base path, the admin guard,
 * CORS, the error format, journaling. A new area is one member here and one row in AREA_RULES.
 */
export const AREAS = ['service', 'viewer', 'model', 'admin', 'dashboard', 'static'] as const;
export type Area = (typeof AREAS)[number];

/** What an area's requests meet (matched or not). */
export interface AreaRules {
  /** Served under `--base-path`. */
  basePath: boolean;
  /** The admin guard applies (Host, Origin, JSON bodies) and no CORS headers are given; otherwise CORS. */
  guarded: boolean;
  /** How its refusals are written: the service envelope, problem+json, or plain text. */
  errors: 'envelope' | 'problem' | 'text';
  /** Requests that match no operation are journaled (listed by GET /__admin/requests/unmatched). */
  journaled: boolean;
}

export const AREA_RULES = {
  service: { basePath: true, guarded: false, errors: 'envelope', journaled: true },
  viewer: { basePath: true, guarded: false, errors: 'envelope', journaled: true },
  model: { basePath: true, guarded: false, errors: 'envelope', journaled: true },
  admin: { basePath: false, guarded: true, errors: 'problem', journaled: false },
  dashboard: { basePath: false, guarded: true, errors: 'problem', journaled: false },
  static: { basePath: true, guarded: false, errors: 'text', journaled: true },
} as const satisfies Record<Area, AreaRules>;

/** A request parameter as the spec declares it (its schema as JSON Schema). */
export interface RouteParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: Readonly<Record<string, unknown>>;
}

/** One operation of the spec files, as spec/generated/routes.ts holds it. */
export interface Route {
  operationId: string;
  method: string;
  /** The path template as the spec writes it (`{name}` marks a parameter), without the base path. */
  path: string;
  area: Area;
  /** Its security names adminAuth: `--admin-token` guards it. */
  adminAuth: boolean;
  statuses: readonly number[];
  parameters: readonly RouteParameter[];
  body?: { required: boolean };
  /** An operation of spec/view-token.openapi.yaml (the contract), not only of the mock's spec. */
  contract?: boolean;
}

type GeneratedRoute = (typeof ROUTES)[number];

/** Every operationId of the spec files. */
export type OperationId = GeneratedRoute['operationId'];
/**
 * The stand-in's countdown poll (`/__viewer/token-clock`, once a second per open page): the mock's own
 * route, not the platform's, so it takes no switch or rule and stays out of the journal.
 */
const OUTSIDE_THE_CORE = ['getViewTokenClock'] as const;

/**
 * The operations the core runs (mock/core/handle-service-request.ts): the service's, the viewer's and
 * the model's data routes, every one of them but {@link OUTSIDE_THE_CORE}. Prefer switches, rules and
 * the journal apply to these; a call carrying a View Token belongs to the token's session.
 */
export type ServiceOperationId = Exclude<
  Extract<GeneratedRoute, { area: 'service' | 'viewer' | 'model' }>['operationId'],
  (typeof OUTSIDE_THE_CORE)[number]
>;

/** The operations of the model behind a View Token: its data routes (`view_token=`) and geometry. */
export type ModelOperationId = Extract<GeneratedRoute, { area: 'model' }>['operationId'];

/** The operations of the viewer loader's static host (the SDK stand-in's files). */
export type StaticOperationId = Extract<GeneratedRoute, { area: 'static' }>['operationId'];

/** The route table, from both spec files (scripts/build-routes.js); its areas checked against {@link AREAS} here. */
export const ROUTE_TABLE: readonly Route[] = ROUTES;

/** Whether the core runs an operation (the service's, the viewer's, the model's: {@link ServiceOperationId}). */
export function isServiceOperation(operationId: string): operationId is ServiceOperationId {
  return SERVICE_OPERATION_IDS.has(operationId);
}

const CORE_AREAS: ReadonlySet<Area> = new Set(['service', 'viewer', 'model']);
const SERVICE_OPERATION_IDS: ReadonlySet<string> = new Set(
  ROUTE_TABLE.filter(
    (route) => CORE_AREAS.has(route.area) && !(OUTSIDE_THE_CORE as readonly string[]).includes(route.operationId),
  ).map((route) => route.operationId),
);

/** Whether an operation takes a View Token (the viewer's and the model's) rather than an Access Token. */
export function isViewTokenOperation(operationId: string): boolean {
  return VIEW_TOKEN_OPERATION_IDS.has(operationId);
}

const VIEW_TOKEN_OPERATION_IDS: ReadonlySet<string> = new Set(
  ROUTE_TABLE.filter((route) => route.area === 'viewer' || route.area === 'model').map((route) => route.operationId),
);

/** The static host's operations, as the table lists them. */
export const STATIC_OPERATION_IDS: readonly StaticOperationId[] = ROUTE_TABLE.filter(
  (route) => route.area === 'static',
).map((route) => route.operationId as StaticOperationId);

/** Whether an operation is one of the static host's. */
export function isStaticOperation(operationId: string): operationId is StaticOperationId {
  return (STATIC_OPERATION_IDS as readonly string[]).includes(operationId);
}
