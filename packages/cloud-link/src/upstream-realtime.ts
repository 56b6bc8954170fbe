// The ambient types of the untyped client, also when another package compiles this file.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./socket-io-client-v2.d.ts" />
import io from 'socket.io-client-v2';
import { ReconnectSchedule, type ReconnectTiming } from './reconnect-schedule.ts';
import { CLOUD_LINK_TIMING } from './timing.ts';
import type { UpstreamObject } from './upstream-client.ts';
import type { CloudUpstream } from './upstream-config.ts';
import type { UpstreamSession } from './upstream-session.ts';

/** The cloud's realtime namespace, also the Engine.IO path the vendor apps use. */
export const UPSTREAM_SOCKET_NAMESPACE = '/api/v2/socket_io';

export interface UpstreamUpdate {
  path: string;
  body: unknown;
}

export type UpstreamRealtimeState = 'connecting' | 'live' | 'waiting' | 'stopped';

export interface UpstreamRealtimeOptions {
  upstream: CloudUpstream;
  session: UpstreamSession;
  devId: string;
  /** The device's whole snapshot: after every (re)connect, so nothing missed meanwhile is lost. */
  onSnapshot: (devData: UpstreamObject) => void;
  onUpdate: (update: UpstreamUpdate) => void;
  onState?: (state: UpstreamRealtimeState, reason?: string) => void;
  timing?: RealtimeTiming;
}

/** The realtime limits (CLOUD_LINK_TIMING's by default). */
export interface RealtimeTiming extends ReconnectTiming {
  socketSilenceMs: number;
  socketPingMs: number;
}

type Socket = ReturnType<typeof io>;

function isObject(value: unknown): value is UpstreamObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One device's realtime socket on a vendor cloud (socket.io 2, as the clouds run it): token
 * and dev_id in the query, `dev_data` asked for on connect, the app-level ping, a restart
 * after a silence, reconnects paced by the ReconnectSchedule, a full snapshot after each one.
 */
export class UpstreamRealtime {
  private readonly options: UpstreamRealtimeOptions;
  private readonly timing: RealtimeTiming;
  private readonly schedule: ReconnectSchedule;
  private socket: Socket | undefined;
  private token: string | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private silence: ReturnType<typeof setTimeout> | undefined;
  private ping: ReturnType<typeof setInterval> | undefined;
  private stopped = true;

  constructor(options: UpstreamRealtimeOptions) {
    this.options = options;
    this.timing = options.timing ?? CLOUD_LINK_TIMING;
    this.schedule = new ReconnectSchedule(this.timing);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.plan('connecting');
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.drop();
    this.options.onState?.('stopped');
  }

  /** Closes the socket and opens another when the schedule allows. */
  private plan(state: UpstreamRealtimeState, reason?: string): void {
    if (this.stopped) return;
    this.drop();
    const wait = this.schedule.next(Date.now());
    this.options.onState?.(wait > 0 ? 'waiting' : state, reason);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.open(), wait);
    this.retry.unref();
  }

  private async open(): Promise<void> {
    if (this.stopped) return;
    let token: string;
    try {
      token = await this.options.session.accessToken();
    } catch (error) {
      this.plan('waiting', error instanceof Error ? error.message : String(error));
      return;
    }
    if (this.stopped) return;
    this.token = token;
    const { apiBaseUrl } = this.options.upstream;
    const socket = io(`${apiBaseUrl}${UPSTREAM_SOCKET_NAMESPACE}`, {
      path: UPSTREAM_SOCKET_NAMESPACE,
      query: { token, dev_id: this.options.devId },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    this.socket = socket;
    this.heard();
    // Events of a socket already dropped (its own close fires 'disconnect') are not ours.
    const on = (event: string, listener: (arg: unknown) => void): void => {
      socket.on(event, (arg: unknown) => {
        if (this.socket === socket) listener(arg);
      });
    };
    on('connect', () => {
      socket.emit('dev_data');
      this.ping = setInterval(() => socket.emit('message', 'ping'), this.timing.socketPingMs);
      this.ping.unref();
    });
    on('dev_data', (data: unknown) => {
      this.heard();
      if (!isObject(data)) return;
      this.schedule.healthy();
      this.options.onState?.('live');
      this.options.onSnapshot(data);
    });
    on('update', (update: unknown) => {
      this.heard();
      if (isObject(update) && typeof update.path === 'string') {
        this.options.onUpdate({ path: update.path, body: update.body });
      }
    });
    on('message', () => this.heard());
    on('error', (error: unknown) => {
      // A refused namespace (an expired token): renew it before the next connect.
      if (this.token !== undefined) this.options.session.invalidate(this.token);
      this.plan('connecting', String(error));
    });
    on('connect_error', (error: unknown) => this.plan('connecting', String(error)));
    on('disconnect', (reason: unknown) => this.plan('connecting', String(reason)));
  }

  /** Something arrived: the silence limit starts again. */
  private heard(): void {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.plan('connecting', 'silent'), this.timing.socketSilenceMs);
    this.silence.unref();
  }

  private drop(): void {
    clearTimeout(this.silence);
    clearInterval(this.ping);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }
}
