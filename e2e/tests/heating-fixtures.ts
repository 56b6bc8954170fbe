import { expect, type APIRequestContext } from '@playwright/test';
import type { Fleet, NodeSpec } from '@hearth/simulator';
import { freshEmail } from './accounts-mail';
import { apiToken } from './fixtures';
import { freshDevId, otherUser, startGateway } from './homes-fixtures';

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

export interface OwnHome {
  email: string;
  password: string;
  devId: string;
  fleet: Fleet;
}

/**
 * A fresh account owning one home with a simulated gateway of these nodes (speaking MQTT to
 * the server like a real one), so a journey may delete, replace or crowd nodes without
 * touching the demo homes the other journeys use.
 */
export async function ownHome(
  request: APIRequestContext,
  baseURL: string,
  nodes: NodeSpec[],
): Promise<OwnHome> {
  const email = freshEmail('heating');
  const password = 'heating_pw1';
  const token = await otherUser(request, baseURL, email, password);
  const headers = { Authorization: `Bearer ${token}` };
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      userId: string;
    }
  ).userId;
  const privacy = await request.post(`/api/v2/users/${userId}/privacy`, {
    headers,
    data: { accepted: true },
  });
  expect(privacy.ok(), await privacy.text()).toBe(true);
  const devId = freshDevId();
  const fleet = await startGateway(baseURL, devId, nodes);
  const add = await request.post('/api/v2/devs', {
    headers,
    data: {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
      groupData: { name: 'Block', id: devId.padEnd(32, 'b') },
      dev_id: devId,
      serial_id: '01',
      name: 'Block gateway',
      product_id: '0105',
    },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
  return { email, password, devId, fleet };
}
