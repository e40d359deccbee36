/**
 * A front end's tiny View Token client, as a team would write it: get a token from the back end,
 * open the model with it, and when the viewer answers 401 (expired), get a new token and retry once.
 */
export interface ModelInfo {
  name: string;
  renderType: string;
  viewTokenExpiresAt: string;
}

export function createTokenClient(options: { baseUrl: string; accessToken: string; fileId: string }) {
  let viewToken: string | undefined;
  const fetchViewToken = async (): Promise<string> => {
    const res = await fetch(`${options.baseUrl}/view/token?fileId=${options.fileId}`, {
      headers: { Authorization: `Bearer ${options.accessToken}` },
    });
    const body = (await res.json()) as { code: string; data: string; message: string };
    if (res.status !== 200 || body.code !== 'success')
      throw new Error(`view token refused: ${res.status} ${body.message}`);
    return body.data;
  };
  const load = (token: string) => fetch(`${options.baseUrl}/inside/databag?viewToken=${token}`);
  return {
    tokenRequests: 0,
    async openModel(): Promise<ModelInfo> {
      if (viewToken === undefined) {
        viewToken = await fetchViewToken();
        this.tokenRequests += 1;
      }
      let res = await load(viewToken);
      if (res.status === 401) {
        viewToken = await fetchViewToken();
        this.tokenRequests += 1;
        res = await load(viewToken);
      }
      if (res.status !== 200) throw new Error(`model failed to open: ${res.status}`);
      return ((await res.json()) as { data: ModelInfo }).data;
    },
  };
}
