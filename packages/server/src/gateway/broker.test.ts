import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import mqtt from 'mqtt';
import { gatewayTopics } from '@hearth/protocol';
import { login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

// The embedded broker's own rules; an external broker enforces its ACL itself.
let t: TestHearth;
const open: TestGateway[] = [];
beforeAll(async () => {
  t = await startTestHearth({ embeddedBroker: true });
});
afterAll(() => t.stop());
beforeEach(async () => {
  for (const gw of open.splice(0)) await gw.end();
  await t.reset();
});

async function gateway(devId: string, opts: { subscribe?: boolean } = {}) {
  const gw = await connectGateway(
    t.hearth.gatewayMqttUrl(),
    devId,
    t.hearth.gatewaySecret(devId),
    opts,
  );
  open.push(gw);
  return gw;
}

function connectRaw(opts: mqtt.IClientOptions): Promise<Error | mqtt.MqttClient> {
  return mqtt.connectAsync(t.hearth.gatewayMqttUrl(), { reconnectPeriod: 0, ...opts }).then(
    (c) => c,
    (err: Error) => err,
  );
}

describe('embedded broker', () => {
  it('is reached over WebSocket at /mqtt on the HTTP port', () => {
    expect(t.hearth.gatewayMqttUrl()).toBe(`${t.url.replace('http', 'ws')}/mqtt`);
  });

  it('refuses a wrong secret, a secret of another gateway and a client id that is not the username', async () => {
    const devId = randomDevId();
    const other = randomDevId();
    for (const opts of [
      { clientId: devId, username: devId, password: 'wrong' },
      { clientId: devId, username: devId, password: t.hearth.gatewaySecret(other) },
      { clientId: other, username: devId, password: t.hearth.gatewaySecret(devId) },
      { clientId: 'x', username: 'not-a-dev-id', password: 'whatever' },
    ]) {
      const result = await connectRaw(opts);
      expect(result).toBeInstanceOf(Error);
    }
    expect(await t.repos.devices.find(devId)).toBeUndefined();
  });

  it('keeps a gateway to its own topics', async () => {
    const owner = await createUser(t.repos, 'owner@example.com');
    const { devId: victim } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
    const attacker = await gateway(randomDevId());
    await t.hearth.gatewayIdle();

    // QoS 0: aedes drops an unauthorised QoS 1 publish by closing the connection, which
    // would hide whether the message went through.
    attacker.client.publish(
      gatewayTopics.up(victim, '/mgr/nodes'),
      JSON.stringify({
        nodes: [{ name: 'x', addr: 1, type: 'htr', installed: true, lost: false }],
      }),
    );
    attacker.client.publish(gatewayTopics.connected(victim), '{"connected":true}');
    const snoop = await gateway(randomDevId());
    // The broker answers SUBACK 0x80, which mqtt.js reports as a subscribe error.
    await expect(
      snoop.client.subscribeAsync(gatewayTopics.cmd(victim), { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    await expect(snoop.client.subscribeAsync('hearth/gw/+/cmd', { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await t.hearth.gatewayIdle();
    expect(await t.repos.nodes.list(victim)).toEqual([]);
    expect(await t.repos.devices.find(victim)).toMatchObject({ connected: false });
  });

  it('re-sends pending commands to a gateway that subscribes after announcing itself', async () => {
    const owner = await createUser(t.repos, 'owner@example.com');
    const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
    await t.repos.nodes.replaceList(devId, [
      { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
    ]);
    const token = (await login(t.url, owner.email, owner.password)).access_token;
    expect(
      (await postJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, { locked: true }, token))
        .status,
    ).toBe(200);
    const gw = await gateway(devId, { subscribe: false });
    await t.hearth.gatewayIdle();
    await gw.client.subscribeAsync(gatewayTopics.cmd(devId), { qos: 1 });
    await vi.waitFor(() => expect(gw.commands.map((c) => c.body)).toContainEqual({ locked: true }));
  });
});
