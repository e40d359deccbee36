/** A granted Access Token as a store keeps it. */
export interface AccessTokenRecord {
  token: string;
  appKey: string;
  expiresAtMs: number;
}

/**
 * Where granted Access Tokens live: this process's memory, or Redis (shared by several mocks).
 * Validity is decided by the core from the mock's clock; a store keeps records.
 */
export interface AccessTokenStore {
  find(token: string): Promise<AccessTokenRecord | undefined>;
  /** The application's latest token, valid or not. */
  current(appKey: string): Promise<AccessTokenRecord | undefined>;
  /**
   * In one atomic step: the application's current token if it is still valid at `nowMs`,
   * otherwise `candidate` becomes its token. Two processes granting at once hand out one token.
   */
  grant(candidate: AccessTokenRecord, nowMs: number): Promise<AccessTokenRecord>;
  records(): Promise<AccessTokenRecord[]>;
  restore(records: readonly AccessTokenRecord[]): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Granted Access Tokens in this process: by token, and each application's current one.
 * @example
 * const accessTokens = createAccessTokens({ applications, clock, random, store: createMemoryAccessTokenStore() });
 */
export function createMemoryAccessTokenStore(): AccessTokenStore {
  const byToken = new Map<string, AccessTokenRecord>();
  const byApp = new Map<string, AccessTokenRecord>();
  const remember = (record: AccessTokenRecord): void => {
    byToken.set(record.token, record);
    byApp.set(record.appKey, record);
  };
  return {
    async find(token) {
      return byToken.get(token);
    },
    async current(appKey) {
      return byApp.get(appKey);
    },
    async grant(candidate, nowMs) {
      const current = byApp.get(candidate.appKey);
      if (current && nowMs < current.expiresAtMs) return current;
      remember(candidate);
      return candidate;
    },
    async records() {
      return [...byToken.values()];
    },
    async restore(records) {
      for (const record of records) remember(record);
    },
    async clear() {
      byToken.clear();
      byApp.clear();
    },
  };
}
