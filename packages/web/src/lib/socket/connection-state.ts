import { GATEWAY_REPORT_INTERVAL_MS } from '@hearth/protocol';
import type { SocketStatus } from './device-socket';

/**
 * The connection model the app shows (issue 25): two different things can be wrong, and they
 * are told apart.
 * - The server is not reached (no network, or no answer from it): every value on screen stops
 *   being refreshed; the app says "no connection to the server" and keeps trying.
 * - A gateway is disconnected from the server (its own `connected` report, while the server is
 *   reached): only that gateway's nodes are offline; the app says "device disconnected".
 */
export type ServerLink = 'ok' | 'offline' | 'unreachable';

/** `offline`: the browser has no network; `unreachable`: the last word from the server is none. */
export function serverLink(browserOnline: boolean, reachable: boolean): ServerLink {
  if (!browserOnline) return 'offline';
  return reachable ? 'ok' : 'unreachable';
}

/** One gateway's socket: its status and, while not connected, when it stopped being. */
export interface SocketEntry {
  status: SocketStatus;
  /** When the socket last stopped being connected; unset while connected or never connected. */
  lostAt?: number;
}

export function nextSocketEntry(
  previous: SocketEntry | undefined,
  status: SocketStatus,
  now: number,
): SocketEntry {
  if (status === 'connected') return { status };
  const lostAt = previous?.status === 'connected' ? now : previous?.lostAt;
  return lostAt === undefined ? { status } : { status, lostAt };
}

/**
 * What a socket's news says of the server: a connection or a refusal is an answer, too many
 * failed tries is none; a socket still trying says nothing yet (a blip is not an outage).
 */
export function reachabilityFrom(status: SocketStatus): boolean | undefined {
  if (status === 'connected' || status === 'refused') return true;
  if (status === 'unreachable') return false;
  return undefined;
}

/**
 * Since when a gateway's values are stale: they were live until its socket was lost, and are
 * stale once that is longer ago than a report interval (a live gateway would have reported by
 * then). Undefined while they are live (or still within the interval).
 */
export function staleSince(
  entry: SocketEntry | undefined,
  now: number,
  intervalMs = GATEWAY_REPORT_INTERVAL_MS,
): number | undefined {
  if (!entry || entry.status === 'connected' || entry.lostAt === undefined) return undefined;
  return now - entry.lostAt > intervalMs ? entry.lostAt : undefined;
}
