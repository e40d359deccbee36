import type { ProbeMethod, ProbeRequest } from './http-exchange';
import type { Planner } from './probe-planner';

/** The methods each operation is asked with besides its own (the POST route's GET is an alias probe, and real clients send it). */
const OTHER_METHODS: Readonly<Record<'GET' | 'POST', readonly ProbeMethod[]>> = {
  GET: ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  POST: ['PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
};

/**
 * Each operation's route asked with the methods the interface does not give it, once with the
 * Access Token (none may issue a View Token) and once with no credentials (none but OPTIONS may
 * succeed: HEAD is the GET without its content).
 */
export function planOtherMethods(planner: Planner): void {
  const {
    first: [name, value],
    childIds,
    spec,
    get,
    post,
    add,
  } = planner;
  const view = spec.operations.getViewToken;
  const child = spec.operations.getChildFileViewToken;
  const routes: [typeof view, ProbeRequest | undefined, 'getViewToken' | 'getChildFileViewToken'][] = [
    [view, get(`?${name}=${value}`), 'getViewToken'],
    [child, childIds ? post(childIds) : undefined, 'getChildFileViewToken'],
  ];
  for (const [operation, request, id] of routes) {
    if (request === undefined) continue;
    for (const method of OTHER_METHODS[operation.method]) {
      // HEAD with the Access Token cannot hand a token out (no content): only its guard is probed.
      for (const anonymous of method === 'HEAD' ? [true] : [false, true]) {
        const headers = anonymous ? {} : { Authorization: request.headers.Authorization ?? '' };
        const credentials = anonymous ? 'no credentials' : 'the Access Token';
        add({
          id: `${method} ${operation.path} with ${credentials}`,
          operation: id,
          intent: anonymous ? 'other-method-anonymous' : 'other-method',
          request: { method, path: request.path, headers },
          where: `${operation.method} ${operation.path}`,
          variant: `${method} with ${credentials}`,
        });
      }
    }
  }
}
