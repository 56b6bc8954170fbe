import mqtt from 'mqtt';
import {
  gatewayCommandSchema,
  gatewaySampleSchema,
  gatewayTopics,
  GATEWAY_MESSAGE_MAX_BYTES,
  type GatewayCommand,
  type GatewaySample,
} from '@hearth/protocol';
import { hearthNodeType, normaliseClock, normaliseSetup, normaliseStatus } from './normalise.ts';
import { CLOUD_LINK_TIMING } from './timing.ts';
import {
  UpstreamRequestError,
  type UpstreamClient,
  type UpstreamObject,
} from './upstream-client.ts';
import type { CloudUpstream } from './upstream-config.ts';
import { UpstreamRealtime, type UpstreamUpdate } from './upstream-realtime.ts';
import type { UpstreamSession } from './upstream-session.ts';
import { gatewaySecret, linkedDevId } from './linked-identity.ts';
import {
  planCommand,
  shows,
  type KnownNode,
  type UpstreamWrite,
  type WriteExpectation,
} from './write-plan.ts';

export interface BridgeOptions {
  upstream: CloudUpstream;
  session: UpstreamSession;
  client: UpstreamClient;
  /** The device's id on the cloud. */
  upstreamDevId: string;
  /** Hearth's gateway channel, e.g. ws://host:port/mqtt or mqtt://host:1883. */
  mqttUrl: string;
  /** Hearth's GATEWAY_KEY: the bridge's password is the gateway secret it gives. */
  gatewayKey: string;
  writeConfirmMs?: number;
  /** Called on every snapshot and update the cloud sends (the server keeps when it last heard). */
  onUpstream?: () => void;
}

interface PendingWrite {
  id: string;
  path: string;
  expect: WriteExpectation[];
  timer: ReturnType<typeof setTimeout>;
}

const NODE_PATH = /^\/([a-z_]+)\/(\d{1,3})\/(status|setup|prog|version)$/;
const SYSTEM_PATHS = ['/mgr/away_status', '/htr_system/power_limit', '/pmo_system', '/geo_data'];
/** A power monitor's reading and its limit, as the clouds update them (the power guard reads both). */
const METER_PATH = /^\/pmo\/(\d{1,3})\/(power|power_limit)$/;

/**
 * A power monitor's object in the shape a Hearth gateway reports it: watts as a decimal string
 * (`power`), whole watts as a string (`power_limit`); undefined when the cloud sent no number.
 */
export function normaliseMeterObject(
  part: 'power' | 'power_limit',
  body: unknown,
): UpstreamObject | undefined {
  const value = (body as UpstreamObject | null)?.[part];
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) return undefined;
  return part === 'power' ? { power: n.toFixed(1) } : { power_limit: String(Math.round(n)) };
}

/**
 * One linked cloud device as a gateway on Hearth's MQTT channel: the cloud's snapshot and
 * updates become `up` reports, Hearth's commands become cloud writes, acknowledged when the
 * cloud's update shows them or failed after the confirmation time with the reason.
 */
export class CloudDeviceBridge {
  readonly devId: string;
  private readonly options: BridgeOptions;
  private readonly realtime: UpstreamRealtime;
  private mqtt: mqtt.MqttClient | undefined;
  /** Hearth type and address → what is known of the node, with its cloud type. */
  private readonly nodes = new Map<string, KnownNode & { upstreamType: string; addr: number }>();
  private readonly pending: PendingWrite[] = [];
  private readonly done = new Set<string>();
  private markReady: () => void = () => undefined;
  /** Resolves once the cloud's first snapshot is carried: the node list is known. */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.markReady = resolve;
  });

  constructor(options: BridgeOptions) {
    this.options = options;
    this.devId = linkedDevId(options.upstream.name, options.upstreamDevId);
    this.realtime = new UpstreamRealtime({
      upstream: options.upstream,
      session: options.session,
      devId: options.upstreamDevId,
      onSnapshot: (data) => {
        options.onUpstream?.();
        this.settle(this.snapshot(data));
      },
      onUpdate: (update) => {
        options.onUpstream?.();
        this.settle(this.update(update));
      },
    });
  }

  /**
   * A report under way when the bridge stops finds its MQTT client closing: nothing is lost (the
   * next start reads the whole snapshot again), so the failure ends there.
   */
  private settle(work: Promise<void>): void {
    work.catch(() => undefined);
  }

  async start(): Promise<void> {
    const { devId } = this;
    const client = await mqtt.connectAsync(this.options.mqttUrl, {
      clientId: devId,
      username: devId,
      password: gatewaySecret(this.options.gatewayKey, devId),
      clean: false,
      will: {
        topic: gatewayTopics.connected(devId),
        payload: Buffer.from('{"connected":false}'),
        qos: 1,
        retain: true,
      },
    });
    this.mqtt = client;
    client.on('message', (topic, payload) => {
      if (topic !== gatewayTopics.cmd(devId)) return;
      const parsed = gatewayCommandSchema.safeParse(JSON.parse(payload.toString()));
      if (parsed.success) this.settle(this.command(parsed.data));
    });
    await client.subscribeAsync(gatewayTopics.cmd(devId), { qos: 1 });
    this.realtime.start();
  }

  async stop(): Promise<void> {
    this.realtime.stop();
    for (const write of this.pending.splice(0)) clearTimeout(write.timer);
    await this.publish(gatewayTopics.connected(this.devId), { connected: false }, true);
    await this.mqtt?.endAsync();
  }

  /**
   * The cloud's samples of every known node between two times (seconds) sent to Hearth as
   * this gateway's samples, in messages under the channel's size limit; returns how many.
   * Paced by the REST client (one request a second).
   */
  async forwardSamples(start: number, end: number): Promise<number> {
    const out: GatewaySample[] = [];
    for (const node of this.nodes.values()) {
      const type = hearthNodeType(node.upstreamType);
      if (type === undefined || node.upstreamType === 'htr_mod') continue;
      const ref = { type: node.upstreamType, addr: node.addr };
      for (const raw of await this.options.client.samples(
        this.options.upstreamDevId,
        ref,
        start,
        end,
      )) {
        const sample = gatewaySampleSchema.safeParse({
          type,
          addr: node.addr,
          t: Number(raw.t),
          counter: Number(raw.counter),
          ...(raw.temp === undefined ? {} : { temp: String(raw.temp) }),
          ...(raw.max === undefined ? {} : { max: Number(raw.max) }),
          ...(raw.min === undefined ? {} : { min: Number(raw.min) }),
        });
        if (sample.success) out.push(sample.data);
      }
    }
    // A sample is under 100 bytes: batches of 400 stay well under the message limit.
    const batch = Math.floor(GATEWAY_MESSAGE_MAX_BYTES / 160);
    for (let i = 0; i < out.length; i += batch) {
      await this.publish(gatewayTopics.samples(this.devId), { samples: out.slice(i, i + batch) });
    }
    return out.length;
  }

  private async publish(topic: string, body: unknown, retain = false): Promise<void> {
    await this.mqtt?.publishAsync(topic, JSON.stringify(body), { qos: 1, retain });
  }

  private up(path: string, body: unknown): Promise<void> {
    return this.publish(gatewayTopics.up(this.devId, path), body);
  }

  private async snapshot(data: UpstreamObject): Promise<void> {
    await this.publish(
      gatewayTopics.connected(this.devId),
      { connected: data.connected !== false },
      true,
    );
    const nodes = Array.isArray(data.nodes) ? (data.nodes as UpstreamObject[]) : [];
    const list = [];
    for (const node of nodes) {
      const type = hearthNodeType(String(node.type));
      if (type === undefined || typeof node.addr !== 'number') continue;
      list.push({
        name: node.name,
        addr: node.addr,
        type,
        installed: node.installed,
        lost: node.lost,
      });
      this.nodes.set(`${type}/${node.addr}`, { upstreamType: String(node.type), addr: node.addr });
    }
    await this.up('/mgr/nodes', { nodes: list });
    for (const node of nodes) {
      for (const part of ['status', 'setup', 'prog', 'version'] as const) {
        const body = node[part];
        if (body !== null && typeof body === 'object' && Object.keys(body).length > 0) {
          await this.update({ path: `/${String(node.type)}/${String(node.addr)}/${part}`, body });
        }
      }
    }
    if (data.away_status !== undefined)
      await this.update({ path: '/mgr/away_status', body: data.away_status });
    this.markReady();
    // A power monitor's reading is not part of the snapshot: it is read once, then updated
    // (after `ready`: a cloud slow to answer, or rate-limiting, does not hold the device back).
    for (const node of nodes) {
      if (node.type === 'pmo' && typeof node.addr === 'number') await this.readMeter(node.addr);
    }
  }

  /** A power monitor's latest reading from the cloud's REST API; a cloud without it is left be. */
  private async readMeter(addr: number): Promise<void> {
    const path = `/pmo/${addr}/power`;
    let body: UpstreamObject;
    try {
      body = await this.options.client.readDevice(this.options.upstreamDevId, path);
    } catch {
      return;
    }
    await this.update({ path, body });
  }

  private async update({ path, body }: UpstreamUpdate): Promise<void> {
    if (path === '/connected') {
      const connected = (body as UpstreamObject | null)?.connected !== false;
      await this.publish(gatewayTopics.connected(this.devId), { connected }, true);
      return;
    }
    if (path === '/mgr/rtc/time') {
      const clock = normaliseClock(body, this.options.upstream.clockMonthFrom);
      if (clock !== undefined) await this.up(path, clock);
      return;
    }
    const meter = METER_PATH.exec(path);
    if (meter !== null) {
      const shaped = normaliseMeterObject(meter[2] as 'power' | 'power_limit', body);
      if (shaped === undefined) return;
      await this.up(path, shaped);
      this.confirm(path, shaped);
      return;
    }
    const match = NODE_PATH.exec(path);
    if (match === null) {
      if (SYSTEM_PATHS.includes(path)) await this.up(path, body);
      this.confirm(path, body);
      return;
    }
    const [, upstreamType = '', addr = '', part = ''] = match;
    const type = hearthNodeType(upstreamType);
    if (type === undefined || body === null || typeof body !== 'object') return;
    const raw = body as UpstreamObject;
    // A Hearth playing the cloud shows a write it has not carried out yet as pending: that is
    // its desired state, not the heater's, and is neither reported nor kept.
    if (raw.sync_status === 'pending') return;
    const shaped =
      part === 'status'
        ? normaliseStatus(upstreamType, raw)
        : part === 'setup'
          ? normaliseSetup(upstreamType, raw)
          : raw;
    const key = `${type}/${addr}`;
    const known = this.nodes.get(key) ?? { upstreamType, addr: Number(addr) };
    if (part === 'status') known.status = shaped;
    if (part === 'setup') known.setup = shaped;
    this.nodes.set(key, known);
    await this.up(`/${type}/${addr}/${part}`, shaped);
    this.confirm(`/${type}/${addr}/${part}`, shaped);
  }

  /** Acknowledges every pending write whose expectations the cloud now shows. */
  private confirm(path: string, body: unknown): void {
    // A Hearth playing the cloud shows a write at once as pending: only its device's word counts.
    if ((body as UpstreamObject | null)?.sync_status === 'pending') return;
    for (const write of [...this.pending]) {
      write.expect = write.expect.filter((e) => !(e.path === path && shows(body, e.fields)));
      if (write.expect.length === 0) this.finish(write, true);
    }
  }

  private finish(write: PendingWrite, ok: boolean, error?: string): void {
    clearTimeout(write.timer);
    const at = this.pending.indexOf(write);
    if (at >= 0) this.pending.splice(at, 1);
    this.done.add(write.id);
    this.settle(
      ok ? this.ack(write.id, true) : this.refuse(write.id, write.path, error ?? 'failed'),
    );
  }

  /**
   * A command not carried out: the node's objects as the cloud last showed them, then the
   * failed acknowledgement, so Hearth drops the change it showed as desired.
   */
  private async refuse(id: string, path: string, error: string): Promise<void> {
    const match = /^\/([a-z]+)\/(\d{1,3})(?:\/|$)/.exec(path);
    const node = match === null ? undefined : this.nodes.get(`${match[1]}/${match[2]}`);
    if (match !== null && node !== undefined) {
      if (node.status !== undefined) await this.up(`/${match[1]}/${match[2]}/status`, node.status);
      if (node.setup !== undefined) await this.up(`/${match[1]}/${match[2]}/setup`, node.setup);
    }
    await this.ack(id, false, error);
  }

  private ack(id: string, ok: boolean, error?: string): Promise<void> {
    return this.publish(gatewayTopics.ack(this.devId), ok ? { id, ok } : { id, ok, error });
  }

  /**
   * One write of a plan. The vendor apps send a set point changed in auto as `modified_auto`;
   * a cloud that refuses that mode from a client (a Hearth playing the cloud answers 400: only
   * the device moves to modified_auto) gets the set point alone, and the write then counts
   * once the cloud shows the set point.
   */
  private async send(write: PendingWrite, request: UpstreamWrite): Promise<void> {
    const { client, upstreamDevId } = this.options;
    try {
      await client.writeDevice(upstreamDevId, request.path, request.body);
    } catch (error) {
      const refusedMode =
        error instanceof UpstreamRequestError &&
        error.status === 400 &&
        request.body.mode === 'modified_auto';
      if (!refusedMode) throw error;
      const alone = Object.fromEntries(
        Object.entries(request.body).filter(([key]) => key !== 'mode'),
      );
      write.expect = write.expect.map((e) =>
        e.fields === request.body ? { path: e.path, fields: alone } : e,
      );
      await client.writeDevice(upstreamDevId, request.path, alone);
    }
  }

  private async command(command: GatewayCommand): Promise<void> {
    // Hearth sends pending commands again on every connect: one already applied is acknowledged.
    if (this.done.has(command.id)) return this.ack(command.id, true);
    if (this.pending.some((write) => write.id === command.id)) return;
    const plan = planCommand(command, (type, addr) => this.nodes.get(`${type}/${addr}`));
    if (plan.kind === 'local') {
      this.done.add(command.id);
      return this.ack(command.id, true);
    }
    if (plan.kind === 'refuse') return this.refuse(command.id, command.path, plan.error);
    const ms = this.options.writeConfirmMs ?? CLOUD_LINK_TIMING.writeConfirmMs;
    const write: PendingWrite = {
      id: command.id,
      path: command.path,
      expect: plan.expect,
      timer: setTimeout(
        () => this.finish(write, false, `the cloud did not show the change within ${ms / 1000} s`),
        ms,
      ),
    };
    this.pending.push(write);
    try {
      for (const request of plan.writes) await this.send(write, request);
    } catch (error) {
      if (this.pending.includes(write)) {
        this.finish(write, false, error instanceof Error ? error.message : String(error));
      }
    }
  }
}
