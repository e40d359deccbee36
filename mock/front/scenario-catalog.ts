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

const EXAMPLE_PATH: Record<ServiceOperationId, string> = {
  getViewToken: '/view/token?fileId=10001',
  getChildFileViewToken: '/data/v2/integrations/20001/files/10001/viewToken',
  getChildFileViewTokenByGet: '/data/v2/integrations/20001/files/10001/viewToken',
  issueAccessToken: '/oauth2/token',
  getViewerData: '/inside/databag?viewToken=0123456789abcdef0123456789abcdef',
};

/**
 * Every outcome that can be forced on each service operation, built from the spec's documented
 * statuses, each with a ready-to-paste curl line against this mock.
 */
export function buildScenarioCatalog(
  operations: readonly Pick<Route, 'operationId' | 'method' | 'path' | 'statuses'>[],
  baseUrl: string,
): CatalogOperation[] {
  return operations
    .filter((operation) => isServiceOperation(operation.operationId))
    .map((operation) => {
      const id = operation.operationId as ServiceOperationId;
      const curl = (prefer: string | null): string =>
        toCurl(operation.method, `${baseUrl}${EXAMPLE_PATH[id]}`, id, prefer);
      const allowed = allowedFor(operation.statuses);
      // The viewer's call needs a View Token this mock issued; the example one answers 401.
      const valid =
        id === 'getViewerData' ? 'with a live View Token in place of the example one' : 'when the request is valid';
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

function toCurl(method: string, url: string, operationId: ServiceOperationId, prefer: string | null): string {
  const parts = ['curl -i'];
  if (method !== 'GET') parts.push(`-X ${method}`);
  if (operationId === 'issueAccessToken') parts.push('-u my-app:s3cret');
  else if (operationId !== 'getViewerData') parts.push("-H 'Authorization: Bearer demo-access-token'");
  if (prefer) parts.push(`-H 'Prefer: ${prefer}'`);
  parts.push(`'${url}'`);
  return parts.join(' ');
}
