import { Writable } from 'node:stream';
import pino from 'pino';
import type { MockServer } from '../../mock/server';
import { aMock } from '../support/mock-app';
import type { Exchange } from './hostile-http';
import { parseJson, send } from './hostile-http';
import type { HostileRequest, MockKind, Scenario } from './hostile-requests';
import { CREDENTIALS, ISSUED_TOKEN } from './hostile-values';
import { toPathname } from './spec-routes';

/** What a check knows besides the exchange: whether an earlier request of the scenario added a scenario rule. */
export interface StepContext {
  rulesMayForce: boolean;
  /** The mock's most recent error-level log line (why a 500 happened). */
  lastErrorLog(): string | undefined;
}

export type ExchangeCheck = (exchange: Exchange, context: StepContext) => void;

export interface Harness {
  /** Sends a scenario's requests (each checked), then `after`; the mock is reset whatever happens. */
  run(
    scenario: Scenario,
    check: ExchangeCheck,
    after?: (mock: MockKind, baseUrl: string) => Promise<void>,
  ): Promise<void>;
  close(): Promise<void>;
}

interface RunningMock {
  server: MockServer;
  baseUrl: string;
  errors: string[];
}

const FALLBACK_TOKEN = '0123456789abcdef0123456789abcdef';

/** Starts the two mocks the scenarios run against: the default open world, and a closed one (applications, lists, admin token). */
export async function createHarness(): Promise<Harness> {
  const mocks: Record<MockKind, RunningMock> = {
    open: await start({}),
    closed: await start({
      adminToken: CREDENTIALS.adminToken,
      config: {
        missing: { fileId: ['404'], integrateId: ['40400'] },
        forbidden: { fileId: ['403'] },
        applications: [
          { appKey: CREDENTIALS.appKey, appSecret: CREDENTIALS.appSecret, accessTokens: [CREDENTIALS.preIssued] },
        ],
      },
    }),
  };
  return {
    async run(scenario, check, after) {
      const mock = mocks[scenario.mock];
      const context: StepContext = { rulesMayForce: false, lastErrorLog: () => mock.errors.at(-1) };
      try {
        let issued: string | undefined;
        for (const step of scenario.steps) {
          if (needsToken(step)) issued ??= await issueToken(mock.baseUrl, scenario.mock);
          const exchange = await send(mock.baseUrl, withToken(step, issued ?? FALLBACK_TOKEN));
          check(exchange, context);
          if (
            exchange.status === 201 &&
            step.method === 'POST' &&
            /^\/__admin\/scenarios\/?$/.test(toPathname(step.target))
          )
            context.rulesMayForce = true;
        }
        await after?.(scenario.mock, mock.baseUrl);
      } finally {
        await mock.server.reset();
        mock.errors.length = 0;
      }
    },
    async close() {
      await Promise.all(Object.values(mocks).map((mock) => mock.server.close()));
    },
  };
}

async function start(options: Parameters<typeof aMock>[0]): Promise<RunningMock> {
  const errors: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors.push(chunk.toString());
      if (errors.length > 20) errors.shift();
      done();
    },
  });
  const server = await aMock({ ...options, logger: pino({ level: 'warn' }, sink) });
  return { server, baseUrl: await server.listen(0), errors };
}

const needsToken = (request: HostileRequest): boolean => request.target.includes(ISSUED_TOKEN);

function withToken(request: HostileRequest, token: string): HostileRequest {
  return needsToken(request) ? { ...request, target: request.target.split(ISSUED_TOKEN).join(token) } : request;
}

/** A View Token the mock really issued (a bricked mock cannot: then a well-formed unknown one). */
async function issueToken(baseUrl: string, mock: MockKind): Promise<string | undefined> {
  const accessToken = mock === 'open' ? CREDENTIALS.accessToken : CREDENTIALS.preIssued;
  const exchange = await send(baseUrl, {
    method: 'GET',
    target: '/view/token?fileId=1',
    headers: { Authorization: `Bearer ${accessToken}` },
    aim: 'getViewToken',
  });
  const data = (parseJson(exchange.text) as { data?: unknown } | undefined)?.data;
  return typeof data === 'string' ? data : undefined;
}
