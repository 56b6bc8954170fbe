import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { createClientAddress } from '../realtime/client-address';
import { connectGateway } from '../test-support/test-gateway';
import { randomDevId } from '../test-support/test-hearth';
import { createEmbeddedBroker, type EmbeddedBroker } from './broker';
import { gatewaySecret } from './gateway-secret';

// Where gateways connect from, over plain MQTT on TCP (the WebSocket path is covered by
// realtime/handshake.test.ts through the whole server).
const KEY = 'presence-test-key-0123456789';
let broker: EmbeddedBroker;
let url: string;
beforeAll(async () => {
  broker = await createEmbeddedBroker({
    gatewayKey: KEY,
    log: createLogger('silent'),
    clientAddress: createClientAddress(false),
    onCommandSubscription: () => undefined,
  });
  url = `mqtt://127.0.0.1:${await broker.listenTcp(0, '127.0.0.1')}`;
});
afterAll(() => broker.close());

const connect = (devId: string) => connectGateway(url, devId, gatewaySecret(KEY, devId));

it('knows the network of each connected gateway, newest first, until it leaves', async () => {
  const first = randomDevId();
  const second = randomDevId();
  const a = await connect(first);
  const b = await connect(second);
  expect(broker.gatewayAddress(first)).toBe('local');
  expect(broker.gatewaysAt('local')).toEqual([second, first]);
  expect(broker.gatewaysAt('203.0.113.10')).toEqual([]);
  // Coming back is connecting anew: it becomes the newest.
  await a.end();
  await vi.waitFor(() => expect(broker.gatewaysAt('local')).toEqual([second]));
  const again = await connect(first);
  expect(broker.gatewaysAt('local')).toEqual([first, second]);
  await b.end();
  await again.end();
  await vi.waitFor(() => expect(broker.gatewaysAt('local')).toEqual([]));
  expect(broker.gatewayAddress(first)).toBeUndefined();
});

it('keeps a gateway present when a new connection takes over its session', async () => {
  const devId = randomDevId();
  const old = await connect(devId);
  const taking = await connect(devId);
  await vi.waitFor(() => expect(old.client.connected).toBe(false));
  expect(broker.gatewaysAt('local')).toEqual([devId]);
  await taking.end();
  await vi.waitFor(() => expect(broker.gatewaysAt('local')).toEqual([]));
});
