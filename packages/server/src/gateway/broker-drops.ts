import type { Logger } from '../logger';

/** Mosquitto's count of messages it dropped because a client's queue was full. */
export const BROKER_DROPPED_TOPIC = '$SYS/broker/publish/messages/dropped';

/**
 * Follows the broker's count of dropped messages. A gateway message the broker drops never
 * reaches the server — a node's setup, which a gateway publishes only when it connects, stays
 * missing until it reconnects — so the operator must hear of it (docs/operations.md,
 * `max_queued_messages`). The first figure is what the broker dropped before this process
 * subscribed; each rise after it is a warning. A restarted broker counts from 0 again.
 */
export function createDropWatch(log: Logger): (payload: Buffer) => void {
  let last: number | undefined;
  return (payload) => {
    const total = Number(payload.toString('utf8'));
    if (!Number.isInteger(total) || total < 0) return;
    // Lower than before: the broker restarted, and all it counts is new.
    if (last !== undefined && total < last) last = 0;
    if (last === undefined && total > 0) {
      log.warn({ total }, 'the MQTT broker has dropped messages since it started');
    } else if (last !== undefined && total > last) {
      log.warn(
        { dropped: total - last, total },
        'the MQTT broker dropped messages: its queue for a client is full (max_queued_messages); gateway state may be stale until the gateways reconnect',
      );
    }
    last = total;
  };
}
