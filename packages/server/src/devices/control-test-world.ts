// Shared setup of the node and device-manager route tests (not a test file itself).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { login } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

export const HEATER = {
  name: 'Lounge',
  addr: 2,
  type: 'htr' as const,
  installed: true,
  lost: false,
};
export const METER = { name: 'Meter', addr: 5, type: 'pmo' as const, installed: true, lost: false };
export const HEATER_STATUS = {
  mode: 'manual',
  stemp: '21.0',
  mtemp: '19.5',
  units: 'C',
  comf_temp: '21.0',
  eco_temp: '18.0',
  ice_temp: '7.0',
  locked: false,
  sync_status: 'ok',
};
export const HEATER_SETUP = { units: 'C', priority: 'low', prog_resol: 0, away_offset: '2.0' };

export interface World {
  devId: string;
  homeId: string;
  owner: string;
  guest: string;
  stranger: string;
}

/** An owner with one home and gateway (a heater and a meter), an accepted guest and a stranger. */
export async function createWorld(t: TestHearth): Promise<World> {
  const owner = await createUser(t.repos, 'owner@example.com');
  const guest = await createUser(t.repos, 'guest@example.com');
  const stranger = await createUser(t.repos, 'stranger@example.com');
  const { homeId, devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [HEATER, METER]);
  await t.repos.nodes.setPart(devId, 'htr', 2, 'status', HEATER_STATUS);
  await t.repos.nodes.setPart(devId, 'htr', 2, 'setup', HEATER_SETUP);
  await t.repos.homes.addGuest({
    groupId: homeId,
    email: guest.email,
    userId: guest.id,
    pending: false,
  });
  const token = async (u: { email: string; password: string }) =>
    (await login(t.url, u.email, u.password)).access_token;
  return {
    devId,
    homeId,
    owner: await token(owner),
    guest: await token(guest),
    stranger: await token(stranger),
  };
}

export function gatewayFor(t: TestHearth, devId: string): Promise<TestGateway> {
  return connectGateway(t.hearth.gatewayMqttUrl(), devId, t.hearth.gatewaySecret(devId));
}

/**
 * One test server for a file of these tests, handed to `started` once it runs; before each
 * test the gateways the last one connected are closed and the server is reset. `gateway`
 * connects a simulated gateway that is closed that way.
 */
export function useControlHearth(started: (t: TestHearth) => void): {
  gateway: (devId: string) => Promise<TestGateway>;
} {
  let t: TestHearth | undefined;
  const open: TestGateway[] = [];
  beforeAll(async () => {
    t = await startTestHearth();
    started(t);
  });
  afterAll(() => t?.stop());
  beforeEach(async () => {
    for (const gw of open.splice(0)) await gw.end();
    await t?.reset();
  });
  return {
    async gateway(devId) {
      if (!t) throw new Error('the test server has not started');
      const gw = await gatewayFor(t, devId);
      open.push(gw);
      return gw;
    },
  };
}

export async function send(
  method: 'POST' | 'DELETE',
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

export function weekProg(value: number, slots = 24): Record<string, number[]> {
  return Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, Array<number>(slots).fill(value)]),
  );
}
