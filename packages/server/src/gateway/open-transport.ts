import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ClientAddress } from '../realtime/client-address';
import { createEmbeddedBroker, type EmbeddedBroker } from './broker';
import { createEmbeddedTransport } from './embedded-transport';
import { createMqttTransport } from './mqtt-transport';
import type { GatewayTransport } from './transport';

/**
 * The gateways' broker as the configuration names it: an external one (MQTT_URL) reached as
 * a client, else the embedded one, which this process runs (and hands back to attach and close).
 */
export async function openGatewayTransport(
  config: Pick<
    Config,
    'mqttUrl' | 'mqttUsername' | 'mqttPassword' | 'mqttShareGroup' | 'gatewayKey'
  >,
  opts: {
    log: Logger;
    /** The client address of a WebSocket upgrade request (X-Forwarded-For per TRUST_PROXY). */
    clientAddress: ClientAddress;
    /** A gateway of the embedded broker subscribed to its commands (a fresh session). */
    onCommandSubscription(devId: string): void;
  },
): Promise<{ transport: GatewayTransport; broker?: EmbeddedBroker }> {
  const { log } = opts;
  if (config.mqttUrl) {
    const transport = createMqttTransport({
      url: config.mqttUrl,
      username: config.mqttUsername,
      password: config.mqttPassword,
      shareGroup: config.mqttShareGroup,
      log,
    });
    return { transport };
  }
  const broker = await createEmbeddedBroker({
    gatewayKey: config.gatewayKey,
    log,
    clientAddress: opts.clientAddress,
    onCommandSubscription: opts.onCommandSubscription,
  });
  return { transport: createEmbeddedTransport(broker.aedes), broker };
}
