import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './fixtures';

export interface DemoNode {
  homeId: string;
  devId: string;
  type: string;
  addr: number;
}

export interface Api {
  get: <T>(path: string) => Promise<T>;
  post: (path: string, body: unknown) => Promise<void>;
}

export async function api(request: APIRequestContext): Promise<Api> {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => {
      const res = await request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    post: async (path: string, body: unknown) => {
      const res = await request.post(path, { headers, data: body });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    },
  };
}

/** A demo home's first gateway and the node of that name (npm start seeds them). */
export async function demoNode(client: Api, homeName: string, nodeName: string): Promise<DemoNode> {
  const groups =
    await client.get<Array<{ id: string; name: string; devs: Array<{ dev_id: string }> }>>(
      '/api/v2/grouped_devs',
    );
  const home = groups.find((g) => g.name === homeName);
  expect(home, homeName).toBeTruthy();
  for (const dev of home?.devs ?? []) {
    const { nodes } = await client.get<{
      nodes: Array<{ name: string; addr: number; type: string }>;
    }>(`/api/v2/devs/${dev.dev_id}/mgr/nodes`);
    const node = nodes.find((n) => n.name === nodeName);
    if (node)
      return { homeId: home?.id ?? '', devId: dev.dev_id, type: node.type, addr: node.addr };
  }
  throw new Error(`no node ${nodeName} in ${homeName}`);
}

export const nodePath = (n: DemoNode) => `/api/v2/devs/${n.devId}/${n.type}/${n.addr}`;
export const nodeRoute = (n: DemoNode) => `/homes/${n.homeId}/devs/${n.devId}/${n.type}/${n.addr}`;

export type Prog = Record<string, number[]>;
export const readProg = async (client: Api, n: DemoNode) =>
  (await client.get<{ prog: Prog }>(`${nodePath(n)}/prog`)).prog;

const TEMPERATURE_KEY = /(^|_)(temp|temperature|offset)$/;
const decimals = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      TEMPERATURE_KEY.test(k) && typeof v === 'number' ? v.toFixed(1) : v,
    ]),
  );

/** Puts a node's programme (and its resolution) back as it was before a journey. */
export async function restoreProg(client: Api, n: DemoNode, prog: Prog): Promise<void> {
  const setup = await client.get<Record<string, unknown>>(`${nodePath(n)}/setup`);
  const extra = setup.extra_options as Record<string, unknown> | undefined;
  await client.post(`${nodePath(n)}/setup`, {
    ...decimals(setup),
    ...(extra ? { extra_options: decimals(extra) } : {}),
    prog_resol: prog['0']?.length === 48 ? 1 : 0,
  });
  await client.post(`${nodePath(n)}/prog`, { prog });
}
