import { byId } from './dom';

const TOKEN_KEY = 'view-token-mock:admin-token';

/** An admin call that failed; `detail` is the problem+json detail when the mock sent one. */
export class AdminError extends Error {
  override name = 'AdminError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${status}: ${detail}`);
  }
}

let pendingPrompt: Promise<void> | undefined;

/**
 * Calls the admin API. With `--admin-token` the first 401 asks for the token once; it is kept in
 * sessionStorage (this tab only) and sent as a bearer token from then on.
 */
export async function admin<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  for (;;) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const headers: Record<string, string> = { ...extraHeaders };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`/__admin${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status === 401) {
      if (token) sessionStorage.removeItem(TOKEN_KEY);
      await askForToken(token ? 'That admin token was refused. Try again.' : undefined);
      continue;
    }
    if (!response.ok) {
      const problem = (await response.json().catch(() => ({}))) as { detail?: string };
      throw new AdminError(response.status, problem.detail ?? response.statusText);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
}

function askForToken(error: string | undefined): Promise<void> {
  pendingPrompt ??= new Promise<void>((resolve) => {
    const dialog = byId<HTMLDialogElement>('admin-token-dialog');
    const form = dialog.querySelector('form') as HTMLFormElement;
    const input = byId<HTMLInputElement>('admin-token-input');
    byId('admin-token-error').textContent = error ?? '';
    input.value = '';
    const submit = (event: Event): void => {
      event.preventDefault();
      if (!input.value.trim()) return;
      sessionStorage.setItem(TOKEN_KEY, input.value.trim());
      form.removeEventListener('submit', submit);
      dialog.close();
      pendingPrompt = undefined;
      resolve();
    };
    form.addEventListener('submit', submit);
    // Nothing on the page works without the token, so Escape does not dismiss the question.
    dialog.addEventListener('cancel', (event) => event.preventDefault());
    dialog.showModal();
    input.focus();
  });
  return pendingPrompt;
}
