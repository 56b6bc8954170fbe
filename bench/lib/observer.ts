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
   * (removed from the list), skipping those older than PAIRING_HORIZON_MS. When there is none,
   * the update came first (below) and waits for its publication: undefined.
   */
  take(devId: string, path: string): number | undefined;
  /**
   * Called when a publication pairs with an update that reached its socket before this
   * observer saw the publication: the broker hands a message to the server processes and
   * to this observer in turn, and this process, busy with 2,000 sockets, may read it later
   * than the servers delivered its update. Such an update was fast; its delay is taken as 0.
   */
  onEarlyUpdate?: (publishedAt: number) => void;
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
  /** Updates that arrived before their publication, by key: when each arrived. */
  const early = new Map<string, number[]>();
  const seen: number[] = [];
  const observer: Observer = {
    take(devId, path) {
      const key = `${devId}${path}`;
      const now = performance.now();
      const list = pending.get(key);
      if (list) {
        while (list.length > 0 && list[0]! < now - PAIRING_HORIZON_MS) list.shift();
        const at = list.shift();
        if (at !== undefined) return at;
      }
      const waiting = early.get(key);
      if (waiting) waiting.push(now);
      else early.set(key, [now]);
      return undefined;
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
    const now = performance.now();
    seen.push(now);
    const waiting = early.get(key);
    while (waiting && waiting.length > 0 && waiting[0]! < now - PAIRING_HORIZON_MS) waiting.shift();
    if (waiting && waiting.length > 0) {
      waiting.shift();
      observer.onEarlyUpdate?.(now);
      return;
    }
    let list = pending.get(key);
    if (!list) pending.set(key, (list = []));
    list.push(now);
  });
  await client.subscribeAsync(`${GATEWAY_TOPIC_ROOT}/+/up/#`, { qos: 0 });
  return observer;
}
