import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
const open: Array<{ end(): unknown }> = [];
// Browsers and gateways reach the server through a proxy on loopback that says where they are
// (X-Forwarded-For): two home networks, each behind its own public address.
const HOME_A = '203.0.113.10';
const HOME_B = '198.51.100.20';
/** null: straight from this machine, no proxy and no header. */
const from = (address: string | null) => (address ? { 'x-forwarded-for': address } : undefined);
beforeAll(async () => {
  // The embedded broker is the one that knows where a gateway connects from.
  t = await startTestHearth({ embeddedBroker: true, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => t.stop());
beforeEach(async () => {
  for (const o of open.splice(0)) await o.end();
  await t.reset();
});

function waiting(query: Record<string, string>, address: string | null = null): Socket {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query,
    extraHeaders: from(address),
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  open.push({ end: () => socket.disconnect() });
  return socket;
}

async function gateway(devId: string, address: string | null = HOME_A): Promise<TestGateway> {
  const secret = t.hearth.gatewaySecret(devId);
  const gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, secret, {
    headers: from(address),
  });
  open.push(gw);
  return gw;
}

async function connected(socket: Socket): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** A user, signed in, with a `dev_id=*` socket from `address` that records what it receives. */
async function waitingUser(email: string, address: string | null = HOME_B) {
  const user = await createUser(t.repos, email);
  const token = (await login(t.url, user.email, user.password)).access_token;
  const socket = waiting({ token, dev_id: '*' }, address);
  const handshakes: unknown[] = [];
  const other: unknown[] = [];
  socket.on('dev_handshake', (e: unknown) => handshakes.push(e));
  socket.on('update', (e: unknown) => other.push(e));
  socket.on('dev_data', (e: unknown) => other.push(e));
  await connected(socket);
  socket.emit('dev_data');
  return { user, token, socket, handshakes, other };
}

const addDeviceBody = (devId: string) => ({
  country: 'ES',
  state: 'Madrid',
  city: 'Madrid',
  zip: '28001',
  tz_code: 'Europe/Madrid',
  groupData: { name: 'New home', id: devId.padEnd(32, '0') },
  dev_id: devId,
  serial_id: '01',
  name: 'Hall box',
  product_id: '0105',
});

describe('dev_id=* (adding a device)', () => {
  it('tells the user who added a gateway when it first connects, and nobody elsewhere of unclaimed ones', async () => {
    // Everybody here is on another network than the gateways (HOME_B vs HOME_A).
    const adder = await waitingUser('adder@example.com');
    const stranger = await waitingUser('stranger@example.com');
    const { devId: known } = await createHomeWithDevice(t.repos, adder.user.id, randomDevId());
    // Its first connection is news to the adder; once seen, reconnecting is not.
    await (await gateway(known)).end();
    await vi.waitFor(() => expect(adder.handshakes).toEqual([{ dev_id: known }]));
    adder.handshakes.length = 0;
    // The adder registers a new gateway before it is plugged in.
    const added = randomDevId();
    const res = await postJson(`${t.url}/api/v2/devs`, addDeviceBody(added), adder.token);
    expect(res.status).toBe(201);
    // Someone else's gateway, not yet added by anybody, comes online.
    const unclaimed = randomDevId();
    const unclaimedGateway = await gateway(unclaimed);
    await gateway(known);
    await gateway(added);
    await vi.waitFor(() => expect(adder.handshakes).toEqual([{ dev_id: added }]));
    await t.hearth.gatewayIdle();
    expect(adder.handshakes).toEqual([{ dev_id: added }]);
    expect(stranger.handshakes).toEqual([]);
    expect(adder.other).toEqual([]);
    expect(stranger.other).toEqual([]);
    // The stranger now adds the unclaimed gateway: it has been seen, so no handshake either.
    const claim = await postJson(`${t.url}/api/v2/devs`, addDeviceBody(unclaimed), stranger.token);
    expect(claim.status).toBe(201);
    await unclaimedGateway.end();
    await gateway(unclaimed);
    await t.hearth.gatewayIdle();
    expect(stranger.handshakes).toEqual([]);
  });

  it('announces an unclaimed gateway that connects to the browsers on its network only', async () => {
    const neighbour = await waitingUser('neighbour@example.com', HOME_A);
    const faraway = await waitingUser('faraway@example.com', HOME_B);
    const owner = await waitingUser('owner@example.com', HOME_B);
    // Someone else's gateway in the same network is never announced to the neighbour.
    const { devId: owned } = await createHomeWithDevice(t.repos, owner.user.id, randomDevId());
    await gateway(owned, HOME_A);
    const fresh = randomDevId();
    const freshGateway = await gateway(fresh, HOME_A);
    await vi.waitFor(() => expect(neighbour.handshakes).toEqual([{ dev_id: fresh }]));
    await vi.waitFor(() => expect(owner.handshakes).toEqual([{ dev_id: owned }]));
    // A reconnection is found again, as a new search of the network would find it.
    await freshGateway.end();
    await gateway(fresh, HOME_A);
    await vi.waitFor(() => expect(neighbour.handshakes).toHaveLength(2));
    await t.hearth.gatewayIdle();
    expect(neighbour.handshakes).toEqual([{ dev_id: fresh }, { dev_id: fresh }]);
    expect(faraway.handshakes).toEqual([]);
    expect(owner.handshakes).toEqual([{ dev_id: owned }]);
    expect(neighbour.other).toEqual([]);
  });

  it('finds the unclaimed gateways already connected from the same network, newest first', async () => {
    const owner = await createUser(t.repos, 'owner@example.com');
    const { devId: owned } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
    const older = randomDevId();
    const newer = randomDevId();
    const elsewhere = randomDevId();
    await gateway(older, HOME_A);
    await gateway(owned, HOME_A);
    await gateway(newer, HOME_A);
    await gateway(elsewhere, HOME_B);
    await t.hearth.gatewayIdle();
    const neighbour = await waitingUser('neighbour@example.com', HOME_A);
    await vi.waitFor(() => expect(neighbour.handshakes).toHaveLength(2));
    expect(neighbour.handshakes).toEqual([{ dev_id: newer }, { dev_id: older }]);
    const other = await waitingUser('other@example.com', HOME_B);
    await vi.waitFor(() => expect(other.handshakes).toEqual([{ dev_id: elsewhere }]));
    // A browser on the server's own machine (no proxy in between) sees none of them.
    const local = await waitingUser('local@example.com', null);
    const stillOther = await waitingUser('later@example.com', HOME_B);
    await vi.waitFor(() => expect(stillOther.handshakes).toEqual([{ dev_id: elsewhere }]));
    expect(local.handshakes).toEqual([]);
    expect(neighbour.handshakes).toEqual([{ dev_id: newer }, { dev_id: older }]);
  });

  it('matches a gateway and a browser on the same machine without any proxy', async () => {
    const local = await waitingUser('local@example.com', null);
    const devId = randomDevId();
    await gateway(devId, null);
    await vi.waitFor(() => expect(local.handshakes).toEqual([{ dev_id: devId }]));
    const later = await waitingUser('later@example.com', null);
    await vi.waitFor(() => expect(later.handshakes).toEqual([{ dev_id: devId }]));
  });

  it('refuses dev_id=* without a valid token', async () => {
    const socket = waiting({ token: 'nope', dev_id: '*' });
    const error = await new Promise<string>((resolve) =>
      socket.once('connect_error', (err: Error) => resolve(err.message)),
    );
    expect(error).toBe('unauthorized');
  });
});
