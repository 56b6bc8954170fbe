// Timestamps every object a gateway publishes, as the broker hands it out, so the delay of
// the matching `update` on an app socket can be measured on one clock (this process).
import mqtt from 'mqtt';
import { GATEWAY_TOPIC_ROOT } from '@hearth/protocol';

/**
 * A publication older than this when an update of its path arrives had no update of its own
 * (left out of the count, below): the update belongs to a later one. Far below any report
 * interval, so an update never pairs with a publication of an earlier round.
 */
export const PAIRING_HORIZON_MS = 10_000;

export interface Observer {
  /**
   * When the oldest publication of `path` by `devId` not yet paired with an update was seen
   * (removed from the list), skipping those older than PAIRING_HORIZON_MS.
   */
  take(devId: string, path: string): number | undefined;
  /** Publications seen from `from` to `to` (performance.now()) not yet paired, by path shape. */
  unpaired(from: number, to: number): Map<string, number>;
  /** Publications seen from `from` to `to`, paired or not. */
  seenBetween(from: number, to: number): number;
  stop(): Promise<void>;
}

/** `/htr/2/status` → `/htr/{addr}/status`, to group what was left without an update. */
function shape(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/{addr}');
}

export async function observeGateways(mqttUrl: string): Promise<Observer> {
  const client = await mqtt.connectAsync(mqttUrl, { clean: true });
  const pending = new Map<string, number[]>();
  const seen: number[] = [];
  const observer: Observer = {
    take(devId, path) {
      const list = pending.get(`${devId}${path}`);
      if (!list) return undefined;
      const oldest = performance.now() - PAIRING_HORIZON_MS;
      while (list.length > 0 && list[0]! < oldest) list.shift();
      return list.shift();
    },
    unpaired(from, to) {
      const out = new Map<string, number>();
      for (const [key, list] of pending) {
        const n = list.filter((t) => t >= from && t <= to).length;
        if (n === 0) continue;
        const k = shape(key.slice(key.indexOf('/')));
        out.set(k, (out.get(k) ?? 0) + n);
      }
      return out;
    },
    seenBetween: (from, to) => seen.filter((t) => t >= from && t <= to).length,
    stop: () => client.endAsync(),
  };
  client.on('message', (topic, _payload, packet) => {
    if (packet.retain) return;
    const [, , devId, kind, ...rest] = topic.split('/');
    if (kind !== 'up' || !devId) return;
    const key = `${devId}/${rest.join('/')}`;
    let list = pending.get(key);
    if (!list) pending.set(key, (list = []));
    const now = performance.now();
    list.push(now);
    seen.push(now);
  });
  await client.subscribeAsync(`${GATEWAY_TOPIC_ROOT}/+/up/#`, { qos: 0 });
  return observer;
}
