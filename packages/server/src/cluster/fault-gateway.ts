import mqtt from 'mqtt';
import { gatewayTopics, type GatewayCommand } from '@hearth/protocol';

/** A node list and status any test can announce. */
export const HEATER = { name: 'Fault heater', addr: 1, type: 'htr', installed: true, lost: false };
export const HEATER_STATUS = {
  mode: 'manual',
  stemp: '20.0',
  mtemp: '19.5',
  units: 'C',
  active: false,
};

/**
 * A gateway that behaves as docs/device-protocol.md asks across outages: it reconnects by
 * itself, and on every connect subscribes to its commands and reports itself connected.
 * It applies each command to its status and acknowledges it.
 */
export async function resilientGateway(mqttUrl: string, devId: string, secret: string) {
  const commands: GatewayCommand[] = [];
  let status: Record<string, unknown> = { ...HEATER_STATUS };
  const client = mqtt.connect(mqttUrl, {
    clientId: devId,
    username: devId,
    password: secret,
    clean: false,
    reconnectPeriod: 100,
    will: {
      topic: gatewayTopics.connected(devId),
      payload: Buffer.from('{"connected":false}'),
      qos: 1,
      retain: true,
    },
  });
  const announce = async () => {
    await client.subscribeAsync(gatewayTopics.cmd(devId), { qos: 1 });
    await client.publishAsync(gatewayTopics.connected(devId), '{"connected":true}', {
      qos: 1,
      retain: true,
    });
    await client.publishAsync(
      gatewayTopics.up(devId, '/mgr/nodes'),
      JSON.stringify({ nodes: [HEATER] }),
      { qos: 1 },
    );
    await client.publishAsync(gatewayTopics.up(devId, '/htr/1/status'), JSON.stringify(status), {
      qos: 1,
    });
  };
  client.on('connect', () => void announce().catch(() => undefined));
  client.on('message', (topic, payload) => {
    if (topic !== gatewayTopics.cmd(devId)) return;
    const cmd = JSON.parse(payload.toString()) as GatewayCommand;
    if (commands.some((c) => c.id === cmd.id)) return;
    commands.push(cmd);
    if (cmd.path === '/htr/1/status' && typeof cmd.body === 'object' && cmd.body !== null) {
      status = { ...status, ...(cmd.body as Record<string, unknown>) };
      void client
        .publishAsync(gatewayTopics.up(devId, '/htr/1/status'), JSON.stringify(status), { qos: 1 })
        .then(() =>
          client.publishAsync(gatewayTopics.ack(devId), JSON.stringify({ id: cmd.id, ok: true }), {
            qos: 1,
          }),
        )
        .catch(() => undefined);
    }
  });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return {
    client,
    commands,
    async end() {
      await client.endAsync(true);
    },
  };
}
