import type { ServiceOperationId } from '../core/service-request';
import { FAULTS } from '../core/scenarios/preferences';
import { SCENARIO_STATUS } from '../core/scenarios/scenario-catalog';
import { allowedFor } from '../core/scenarios/switch-plan';
import type { Route } from '../core/routing/route-table';
import { isServiceOperation } from '../core/routing/route-table';

interface CatalogEntry {
  /** The switch (`code=403`, `scenario=forbidden`, `fault=…`, `delay=…`), or null for the plain request. */
  prefer: string | null;
  status: number | null;
  description: string;
  curl: string;
}

export interface CatalogOperation {
  operationId: string;
  method: string;
  path: string;
  documentedStatuses: readonly number[];
  outcomes: CatalogEntry[];
}

/** A value for each parameter an example request fills in (a View Token's is the example one, which answers 401). */
const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  fileId: '10001',
  integrateId: '20001',
  elementId: '1',
  databagId: 'file-10001-databag',
  objectId: '200011.1',
  sheetId: '880001',
  viewToken: '0123456789abcdef0123456789abcdef',
  view_token: '0123456789abcdef0123456789abcdef',
};

const INTEGRATION_FILE_ID = '200011';

/** Where an example request of the operation goes: its path with values in, and its required query (getViewToken: one id). */
function examplePath(operation: Pick<Route, 'operationId' | 'path'> & Partial<Pick<Route, 'parameters'>>): string {
  // An integration's file is one of its own (the default integration's first file), not the single file.
  const ofIntegration = (operation.parameters ?? []).some((parameter) => parameter.name === 'integrateId');
  const values = ofIntegration ? { ...EXAMPLE_VALUES, fileId: INTEGRATION_FILE_ID } : EXAMPLE_VALUES;
  const path = operation.path.replace(/\{([^{}]+)\}/g, (_whole, name: string) => values[name] ?? '1');
  const required = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  const query = required.map((parameter) => `${parameter.name}=${EXAMPLE_VALUES[parameter.name] ?? '1'}`);
  if (operation.operationId === 'getViewToken') query.push(`fileId=${EXAMPLE_VALUES.fileId ?? ''}`);
  return query.length === 0 ? path : `${path}?${query.join('&')}`;
}

/** Operations that carry a View Token (the viewer's and the model's), not an Access Token. */
const carriesViewToken = (operation: Partial<Pick<Route, 'parameters'>>): boolean =>
  (operation.parameters ?? []).some((parameter) => parameter.name === 'viewToken' || parameter.name === 'view_token');

/**
 * Every outcome that can be forced on each service operation, built from the spec's documented
 * statuses, each with a ready-to-paste curl line against this mock.
 */
export function buildScenarioCatalog(
  operations: readonly (Pick<Route, 'operationId' | 'method' | 'path' | 'statuses'> &
    Partial<Pick<Route, 'parameters' | 'area'>>)[],
  baseUrl: string,
): CatalogOperation[] {
  return operations
    .filter((operation) => isServiceOperation(operation.operationId))
    .map((operation) => {
      const id = operation.operationId as ServiceOperationId;
      const viewToken = carriesViewToken(operation);
      const curl = (prefer: string | null): string =>
        toCurl(operation.method, `${baseUrl}${examplePath(operation)}`, id, operation.area === 'service', prefer);
      const allowed = allowedFor(operation.statuses);
      // The viewer's call needs a View Token this mock issued; the example one answers 401.
      const valid = viewToken
        ? 'with a live View Token of that object, and ids its model has, in place of the example ones'
        : 'when the request is valid';
      const outcomes: CatalogEntry[] = [];
      for (const status of operation.statuses) {
        if (status === 200)
          outcomes.push({ prefer: null, status, description: `the real answer (200 ${valid})`, curl: curl(null) });
        else if (status === 422)
          outcomes.push({
            prefer: 'code=999',
            status,
            description: 'a switch the operation cannot apply: 422 problem+json listing what is allowed',
            curl: curl('code=999'),
          });
        else if (allowed.code.includes(status))
          outcomes.push({
            prefer: `code=${status}`,
            status,
            description: `forced ${status}, the realistic envelope`,
            curl: curl(`code=${status}`),
          });
      }
      for (const scenario of allowed.scenario) {
        outcomes.push({
          prefer: `scenario=${scenario}`,
          status: SCENARIO_STATUS[scenario],
          description: `the ${scenario} answer`,
          curl: curl(`scenario=${scenario}`),
        });
      }
      for (const fault of FAULTS)
        outcomes.push({
          prefer: `fault=${fault}`,
          status: fault === 'malformed-json' ? 200 : null,
          description: `the connection: ${fault}`,
          curl: curl(`fault=${fault}`),
        });
      outcomes.push({
        prefer: 'delay=2000',
        status: 200,
        description: `the real answer (200 ${valid}), 2 s late (up to 60000 ms)`,
        curl: curl('delay=2000'),
      });
      return {
        operationId: id,
        method: operation.method,
        path: operation.path,
        documentedStatuses: operation.statuses,
        outcomes,
      };
    });
}

function toCurl(
  method: string,
  url: string,
  operationId: ServiceOperationId,
  accessToken: boolean,
  prefer: string | null,
): string {
  const parts = ['curl -i'];
  if (method !== 'GET') parts.push(`-X ${method}`);
  if (operationId === 'issueAccessToken') parts.push('-u my-app:s3cret');
  else if (accessToken) parts.push("-H 'Authorization: Bearer demo-access-token'");
  if (prefer) parts.push(`-H 'Prefer: ${prefer}'`);
  parts.push(`'${url}'`);
  return parts.join(' ');
}
