import {
  gatewayCommandSchema,
  gatewayTopics,
  type GatewayAck,
  type GatewaySample,
} from '@hearth/protocol';
import type { MqttClient } from 'mqtt';
import type { SimClock } from '@hearth/device-model';
import { applyCommand } from '@hearth/device-model';
import { SIM_GATEWAY_FW_VERSION } from './identity';
import { GatewayModel } from '@hearth/device-model';
import { connectGateway, publishJson, QOS } from './mqtt-link';
import type { SimNode } from '@hearth/device-model';
import type { Logger } from './types';
import { rtcTime, wireObjects } from '@hearth/device-model';

/** Acks remembered for re-sent commands; older ids are forgotten first. */
const REMEMBERED_COMMANDS = 1_000;
/** Samples kept while offline, sent when the gateway is back. */
const MAX_BUFFERED_SAMPLES = 20_000;
/** Samples in one message: some 100 bytes each, well within GATEWAY_MESSAGE_MAX_BYTES. */
const SAMPLES_PER_MESSAGE = 400;
const RTC_PUBLISH_INTERVAL_MS = 3_600_000;

export interface SimGatewayOptions {
  devId: string;
  secret: string;
  mqttUrl: string;
  model: GatewayModel;
  clock: SimClock;
  reportIntervalMs: number;
  /** Delay of the first periodic report after start (default one interval). */
  firstReportMs?: number;
  logger: Logger;
}

/** One simulated gateway: the model, its MQTT session, and the timers that drive it. */
export class SimGateway {
  readonly devId: string;
  readonly model: GatewayModel;
  private readonly o: SimGatewayOptions;
  private client: MqttClient | null = null;
  private readonly published = new Map<string, string>();
  private readonly acks = new Map<string, GatewayAck>();
  private samplesBuffer: GatewaySample[] = [];
  private skewMs = 0;
  private lastRtcMs = -Infinity;
  private reportTimer: unknown = null;
  private nextReportMs = 0;
  private wakeTimer: unknown = null;

  constructor(options: SimGatewayOptions) {
    this.o = options;
    this.devId = options.devId;
    this.model = options.model;
  }

  get nodes(): SimNode[] {
    return this.model.nodes;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Device time: the clock plus whatever tick() fast-forwarded. */
  now(): number {
    return this.o.clock.now() + this.skewMs;
  }

  /** Connects and starts the timers; resolves once connected, or after a first failed attempt (it keeps retrying). */
  async start(): Promise<void> {
    this.scheduleReport(this.o.firstReportMs);
    await this.open();
  }

  /** Fast-forwards the gateway by ms, then reports as the report timer would. */
  tick(ms: number): void {
    this.skewMs += ms;
    this.report();
  }

  /** Clean stop: publishes connected false itself, since a clean disconnect fires no last will. */
  async disconnect(): Promise<void> {
    this.stopTimers();
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected)
      await publishJson(
        client,
        gatewayTopics.connected(this.devId),
        JSON.stringify({ connected: false }),
        true,
      );
    await client.endAsync();
  }

  /** Drops the connection without DISCONNECT, as a power cut would: the broker fires the last will. */
  async kill(): Promise<void> {
    this.stopTimers();
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
  }

  async reconnect(): Promise<void> {
    if (this.client) return;
    this.scheduleReport();
    await this.open();
  }

  private open(): Promise<void> {
    const client = connectGateway(this.o.mqttUrl, this.devId, this.o.secret);
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('message', (_topic, payload) => this.onMessage(client, payload));
    client.on('error', (err) => this.o.logger.warn(`gateway ${this.devId}: ${err.message}`));
    return new Promise((resolve) => {
      client.once('connect', () => resolve());
      client.once('close', () => resolve());
    });
  }

  private onConnect(client: MqttClient): void {
    this.o.logger.info(`gateway ${this.devId} connected`);
    this.model.advanceTo(this.now());
    // Subscribing before announcing: the server re-sends pending commands when it sees connected.
    client.subscribe(gatewayTopics.cmd(this.devId), { qos: QOS });
    const hello = { connected: true, fw_version: SIM_GATEWAY_FW_VERSION };
    this.send(client, gatewayTopics.connected(this.devId), hello, true);
    this.published.clear();
    for (const { path, body, json: known } of wireObjects(this.model)) {
      const json = known ?? JSON.stringify(body);
      this.published.set(path, json);
      this.sendJson(client, gatewayTopics.up(this.devId, path), json);
    }
    this.publishRtc(client);
    this.flushSamples(client);
    this.scheduleWake();
  }

  private onMessage(client: MqttClient, payload: Buffer): void {
    let raw: unknown;
    try {
      raw = JSON.parse(payload.toString('utf8'));
    } catch (err) {
      this.o.logger.warn(`gateway ${this.devId}: command is not JSON (${(err as Error).message})`);
      return;
    }
    const parsed = gatewayCommandSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id)
        this.sendAck(client, { id, ok: false, error: 'malformed command' });
      else this.o.logger.warn(`gateway ${this.devId}: malformed command without id`);
      return;
    }
    const cmd = parsed.data;
    const earlier = this.acks.get(cmd.id);
    if (earlier) {
      // Already applied: the server re-sent it because our ack was not seen; confirm again.
      this.sendAck(client, earlier);
      return;
    }
    this.model.advanceTo(this.now());
    const zone = this.model.timezone;
    const result = applyCommand(this.model, cmd);
    const ack: GatewayAck = result.ok
      ? { id: cmd.id, ok: true }
      : { id: cmd.id, ok: false, error: result.error };
    if (!result.ok)
      this.o.logger.warn(
        `gateway ${this.devId}: ${cmd.method} ${cmd.path} refused: ${result.error}`,
      );
    // Refused: the server shows the refused change as desired until it hears otherwise, so
    // the objects of the node are published again as they are.
    if (!result.ok) this.forgetPublished(cmd.path);
    this.publishChanges();
    // A new time zone moves the device clock: the server and the app read it from here.
    if (this.model.timezone !== zone) this.publishRtc(client);
    this.remember(ack);
    this.sendAck(client, ack);
    this.scheduleWake();
  }

  private remember(ack: GatewayAck): void {
    this.acks.set(ack.id, ack);
    if (this.acks.size > REMEMBERED_COMMANDS) {
      const oldest = this.acks.keys().next().value;
      if (oldest !== undefined) this.acks.delete(oldest);
    }
  }

  /** Makes the next publishChanges send the objects of the command's node (or path) again. */
  private forgetPublished(path: string): void {
    const [type, addr] = path.split('/').filter(Boolean);
    const prefix = addr !== undefined && /^\d+$/.test(addr) ? `/${type}/${addr}/` : path;
    for (const key of [...this.published.keys()])
      if (key.startsWith(prefix) || key === path) this.published.delete(key);
  }

  /** Publishes every object whose wire form differs from what was last published. */
  private publishChanges(): void {
    const client = this.client;
    if (!client?.connected) return;
    const seen = new Set<string>();
    for (const { path, body, json: known } of wireObjects(this.model)) {
      seen.add(path);
      const json = known ?? JSON.stringify(body);
      if (this.published.get(path) === json) continue;
      this.published.set(path, json);
      this.sendJson(client, gatewayTopics.up(this.devId, path), json);
    }
    for (const path of [...this.published.keys()]) if (!seen.has(path)) this.published.delete(path);
  }

  private report(): void {
    this.model.advanceTo(this.now());
    this.publishChanges();
    this.samplesBuffer.push(...this.model.samples());
    if (this.samplesBuffer.length > MAX_BUFFERED_SAMPLES) {
      this.samplesBuffer = this.samplesBuffer.slice(-MAX_BUFFERED_SAMPLES);
    }
    const client = this.client;
    if (client?.connected) {
      this.flushSamples(client);
      if (this.model.timeMs - this.lastRtcMs >= RTC_PUBLISH_INTERVAL_MS) this.publishRtc(client);
    }
    this.scheduleWake();
  }

  private flushSamples(client: MqttClient): void {
    // In messages the server takes (GATEWAY_MESSAGE_MAX_BYTES): a buffer kept while offline
    // goes out in several.
    for (let i = 0; i < this.samplesBuffer.length; i += SAMPLES_PER_MESSAGE) {
      const samples = this.samplesBuffer.slice(i, i + SAMPLES_PER_MESSAGE);
      this.send(client, gatewayTopics.samples(this.devId), { samples });
    }
    this.samplesBuffer = [];
  }

  private publishRtc(client: MqttClient): void {
    const { path, body } = rtcTime(this.model);
    this.lastRtcMs = this.model.timeMs;
    this.send(client, gatewayTopics.up(this.devId, path), body);
  }

  private sendAck(client: MqttClient, ack: GatewayAck): void {
    this.send(client, gatewayTopics.ack(this.devId), ack);
  }

  private send(client: MqttClient, topic: string, body: unknown, retain = false): void {
    this.sendJson(client, topic, JSON.stringify(body), retain);
  }

  private sendJson(client: MqttClient, topic: string, json: string, retain = false): void {
    publishJson(client, topic, json, retain).catch((err: Error) =>
      this.o.logger.warn(`gateway ${this.devId}: publish to ${topic} failed: ${err.message}`),
    );
  }

  /** Starts the periodic reports: the first after delayMs, then one every interval. */
  private scheduleReport(delayMs = this.o.reportIntervalMs): void {
    this.nextReportMs = this.o.clock.now() + delayMs;
    this.armReport();
  }

  /**
   * Reports keep their period: one that fires late (a busy process, thousands of gateways
   * connecting at once) does not push the following ones back, so a fleet whose reports
   * are spread over the interval stays spread instead of gathering where the delay ended.
   */
  private armReport(): void {
    this.o.clock.clearTimeout(this.reportTimer);
    this.reportTimer = this.o.clock.setTimeout(
      () => {
        this.report();
        const interval = this.o.reportIntervalMs;
        const now = this.o.clock.now();
        this.nextReportMs += interval;
        // Reports missed altogether (the process was stopped for an interval or more) are skipped.
        if (this.nextReportMs <= now)
          this.nextReportMs += Math.ceil((now - this.nextReportMs + 1) / interval) * interval;
        this.armReport();
      },
      Math.max(0, this.nextReportMs - this.o.clock.now()),
    );
  }

  /** Wakes exactly when something ends by itself (a boost, discovery) rather than at the next report. */
  private scheduleWake(): void {
    this.o.clock.clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    const deadline = this.model.nextDeadline();
    if (deadline === null) return;
    this.wakeTimer = this.o.clock.setTimeout(
      () => {
        this.model.advanceTo(this.now());
        this.publishChanges();
        this.scheduleWake();
      },
      Math.max(0, deadline - this.now()),
    );
  }

  private stopTimers(): void {
    this.o.clock.clearTimeout(this.reportTimer);
    this.o.clock.clearTimeout(this.wakeTimer);
    this.reportTimer = this.wakeTimer = null;
  }
}
