// /__admin/ui/try plays the front end's part: a back end gets a View Token with its access token,
// then the viewer's loader "opens the model" with GET /inside/databag?viewToken=, as the platform's JS does.
import { OBJECT_TYPE_OF } from '../../../core/object-types';
import { basePath, byId, h } from './dom';
import type { ObjectType } from './wire';

/** The id parameter of `GET /view/token` that names each object type. */
const PARAMETER_OF = Object.fromEntries(
  Object.entries(OBJECT_TYPE_OF).map(([parameter, type]) => [type, parameter]),
) as Record<Exclude<ObjectType, 'childFile'>, string>;

type Envelope = { code?: string; data?: unknown; message?: string };

const value = (id: string): string => byId<HTMLInputElement | HTMLSelectElement>(id).value.trim();

function viewTokenUrl(type: ObjectType, id: string): string {
  const base = basePath();
  if (type === 'childFile')
    return `${base}/data/v2/integrations/${encodeURIComponent(value('integrate-id'))}/files/${encodeURIComponent(id)}/viewToken`;
  return `${base}/view/token?${PARAMETER_OF[type]}=${encodeURIComponent(id)}`;
}

async function call(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; envelope: Envelope; expiresAt: string | null }> {
  const session = value('session');
  const response = await fetch(url, { headers: { ...headers, ...(session ? { 'X-Mock-Session': session } : {}) } });
  const text = await response.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    envelope = { message: text || '(empty body)' };
  }
  return { status: response.status, envelope, expiresAt: response.headers.get('X-View-Token-Expires-At') };
}

function show(id: string, request: string, status: number, tone: 'good' | 'bad', ...details: Node[]): void {
  byId(id).replaceChildren(
    h(
      'p',
      {},
      h(
        'span',
        { class: `status ${tone === 'good' ? 's2xx' : status >= 500 ? 's5xx' : 's4xx'}` },
        status || 'no answer',
      ),
      ' ',
      h('code', { class: 'wrap' }, request),
    ),
    ...details,
  );
}

function envelopeTable(envelope: Envelope): HTMLElement {
  return h('pre', { class: 'envelope' }, JSON.stringify(envelope, null, 2));
}

function toggleIntegration(): void {
  byId('integrate-id-field').hidden = value('object-type') !== 'childFile';
}

byId('object-type').addEventListener('change', toggleIntegration);
toggleIntegration();

byId('issue-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    const url = viewTokenUrl(value('object-type') as ObjectType, value('object-id'));
    byId('issue-result').replaceChildren(h('p', {}, `Asking: GET ${url}`));
    try {
      const { status, envelope } = await call(url, { Authorization: `Bearer ${value('access-token')}` });
      const issued = status === 200 && typeof envelope.data === 'string';
      if (issued) byId<HTMLInputElement>('view-token').value = envelope.data as string;
      show(
        'issue-result',
        `GET ${url}`,
        status,
        issued ? 'good' : 'bad',
        h(
          'p',
          {},
          issued
            ? 'The back end got a View Token; hand it to the viewer below.'
            : `No View Token: ${envelope.code ?? 'error'}: ${envelope.message ?? ''}`,
        ),
        envelopeTable(envelope),
      );
    } catch (error) {
      show('issue-result', `GET ${url}`, 0, 'bad', h('p', {}, `The request failed: ${String(error)}`));
    }
  })();
});

byId('open-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void (async () => {
    const url = `${basePath()}/inside/databag?viewToken=${encodeURIComponent(value('view-token'))}`;
    byId('open-result').replaceChildren(h('p', {}, `Asking: GET ${url}`));
    try {
      const { status, envelope, expiresAt } = await call(url, {});
      const opened = status === 200 && typeof envelope.data === 'object' && envelope.data !== null;
      const details: Node[] = [];
      if (opened) {
        const data = envelope.data as Record<string, unknown>;
        details.push(
          h(
            'p',
            {},
            `The viewer would load "${String(data.name)}" (${String(data.renderType)}). This use moved the token's expiry to ${expiresAt ?? 'unknown'}.`,
          ),
        );
        details.push(
          h(
            'dl',
            { class: 'metadata' },
            ...Object.entries(data).flatMap(([name, item]) => [h('dt', {}, name), h('dd', {}, String(item))]),
          ),
        );
      } else {
        details.push(
          h('p', {}, `The viewer cannot open the model: ${envelope.code ?? 'error'}: ${envelope.message ?? ''}`),
          envelopeTable(envelope),
        );
      }
      show('open-result', `GET ${url}`, status, opened ? 'good' : 'bad', ...details);
    } catch (error) {
      show('open-result', `GET ${url}`, 0, 'bad', h('p', {}, `The request failed: ${String(error)}`));
    }
  })();
});
