import type { Logger } from 'pino';
import type { Core } from '../core/create-core';
import type { ServiceHooks } from '../core/handle-service-request';
import type { SpecEngine } from '../spec-engine/spec-engine';
import type { StoreDescription } from '../stores/store-description';
import type { ModelCatalog } from '../viewer/model/model-catalog';

/** What the HTTP layer is built from: the core, the spec engine and the server's options. */
export interface AppOptions {
  core: Core;
  engine: SpecEngine;
  logger: Logger;
  version: string;
  /** Prefix of every service route (not of /__admin), e.g. `/api`. '' for none. */
  basePath: string;
  corsOrigins: readonly string[] | undefined;
  adminToken: string | undefined;
  /** `--allowed-hosts`: host names besides loopback and the bound host that may reach /__admin. */
  allowedHosts?: readonly string[];
  /** Which store the mock runs on (health names it). */
  store: StoreDescription;
  /** Why the mock is degraded (health says so), or undefined. */
  degradedReason?: () => string | undefined;
  /** The host the server listens on, once it does. */
  boundHost?: () => string | undefined;
  /** `--proxy` / `--validate-responses`: what runs around the core's real outcome. */
  hooks?: ServiceHooks;
  /** The viewer's model of each object (default: every building generated from its object's id). */
  models?: ModelCatalog;
}
