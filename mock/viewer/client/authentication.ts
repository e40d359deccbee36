// `Glodon.Bimface.Authentication`: the SDK's token check without a viewer (`GET /inside/databag`, a use).
import { fetchViewerData, resolveApiHost } from './databag';
import { refuse, withLoudMethods } from './lacking';
import { SCRIPT_BASE } from './script-base';
import { describe } from './viewer-state';

export class AuthenticationManager {
  constructor(private readonly _config: { viewToken?: unknown; APIHost?: unknown }) {
    if (typeof _config !== 'object' || _config === null)
      refuse(
        'new Glodon.Bimface.Authentication.AuthenticationManager(config)',
        `takes an AuthenticationConfig, got ${describe(_config)}`,
      );
    return withLoudMethods(this, 'Glodon.Bimface.Authentication.AuthenticationManager');
  }

  /** Calls `success` with the viewer data (and `viewToken`), or `failure` with the refusal (envelope and status). */
  authenticate(success: unknown, failure?: unknown): void {
    const token = this._config.viewToken;
    if (typeof token !== 'string' || token === '')
      refuse(
        'AuthenticationManager.authenticate(success, failure)',
        `config.viewToken must be the View Token, got ${describe(token)}`,
      );
    if (typeof success !== 'function')
      refuse(
        'AuthenticationManager.authenticate(success, failure)',
        `takes a success callback, got ${describe(success)}`,
      );
    void fetchViewerData(resolveApiHost(this._config.APIHost, SCRIPT_BASE), token).then((answer) => {
      if (answer.kind === 'used')
        return void (success as (data: unknown) => void)({ ...answer.data, viewToken: token });
      if (typeof failure === 'function') (failure as (error: unknown) => void)({ ...answer.failure });
    });
  }
}
