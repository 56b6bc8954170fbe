// Timestamps every object a gateway publishes, as the broker hands it out, so the delay of
// the matching `update` on an app socket can be measured on one clock (this process).
import mqtt from 'mqtt';
import { GATEWAY_TOPIC_ROOT } from '@hearth/protocol';

export interface Observer {
  /** When the oldest not yet delivered publication of `path` by `devId` was seen; removes it. */
  take(devId: string, path: string): number | undefined;
  published: number;
  stop(): Promise<void>;
}

export async function observeGateways(mqttUrl: string): Promise<Observer> {
  const client = await mqtt.connectAsync(mqttUrl, { clean: true });
  const seen = new Map<string, number[]>();
  const observer: Observer = {
    published: 0,
    take(devId, path) {
      const list = seen.get(`${devId}${path}`);
      return list?.shift();
    },
    stop: () => client.endAsync(),
  };
  client.on('message', (topic, _payload, packet) => {
    if (packet.retain) return;
    const [, , devId, kind, ...rest] = topic.split('/');
    if (kind !== 'up' || !devId) return;
    const key = `${devId}/${rest.join('/')}`;
    let list = seen.get(key);
    if (!list) seen.set(key, (list = []));
    list.push(performance.now());
    observer.published++;
  });
  await client.subscribeAsync(`${GATEWAY_TOPIC_ROOT}/+/up/#`, { qos: 0 });
  return observer;
}
