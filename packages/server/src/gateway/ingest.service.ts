import {
  connectedPayloadSchema,
  gatewayAckSchema,
  gatewayDeviceObjectSchema,
  gatewaySamplesPayloadSchema,
  type GatewaySample,
  isValidDevId,
  GATEWAY_MESSAGE_MAX_BYTES,
  mgrNodesReportSchema,
  nodeObjectReportSchema,
  type NodeType,
  parseGatewayTopic,
  readDevicePath,
  type ParsedDevicePath,
} from '@hearth/protocol';
import type { Logger } from '../logger';
import type { DevicesRepository } from '../repositories/devices.repository';
import {
  NODE_PARTS,
  type NodePart,
  type NodesRepository,
  type PartWrite,
} from '../repositories/nodes.repository';
import type { ReportedPart } from '../repositories/commands.repository';
import { pendingObjectPath } from '../repositories/pending-objects';
import type { SamplesRepository } from '../repositories/samples.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { CommandsService } from './commands.service';
import { createWriteBatcher } from './write-batcher';

/** A node object a gateway reports and the store keeps: status, setup, prog or version. */
type NodeObjectPath = { kind: NodePart; type: NodeType; addr: number };

/** The node object a report's path (read by readDevicePath) names; undefined for anything else. */
function nodeObjectPath(where: ParsedDevicePath | null): NodeObjectPath | undefined {
  if (!where || !('type' in where)) return undefined;
  return (NODE_PARTS as readonly string[]).includes(where.kind)
    ? (where as NodeObjectPath)
    : undefined;
}

/**
 * What a report says, read in its path's shape (protocol gateway.ts; node-settings/ for a
 * status or setup): unknown keys dropped at every depth; a known key of the wrong type, or a
 * report with nothing known in it, refused. A partial status, setup or version is taken; it
 * merges into the stored object (nodes.setParts).
 */
function readKnown(
  schema: { parse(body: unknown): Record<string, unknown> },
  body: unknown,
  path: string,
): Record<string, unknown> {
  const value = schema.parse(body);
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) throw new Error(`a report at ${path} with nothing known in it`);
  return Object.fromEntries(entries);
}

function readPart(type: NodeType, part: NodePart, body: unknown): Record<string, unknown> {
  return readKnown(nodeObjectReportSchema(type, part), body, `/${type}/${part}`);
}
/** Devices this process has seen stored; bounded, since a fleet may be larger than memory wants. */
const MAX_KNOWN_DEVICES = 100_000;
const FOREIGN_KEY_VIOLATION = '23503';
/** A message of a gateway as the broker hands it over. */
type GatewayMessage = { topic: string; payload: Buffer };
/**
 * Samples messages are stored once none has come for a second, or 5 s after the first. A
 * second and not less: a fleet's burst is still being delivered to sockets for several
 * hundred ms after its last samples message arrives, and with a quarter second the day totals'
 * statements came in the middle of that (bench:fanout --aligned, four alternated runs each:
 * server CPU per update 12 % lower with a second, p99 368–890 ms against 331–1027 ms).
 */
const SAMPLES_GATHER = { quietMs: 1000, maxWaitMs: 5000 };
/** Command ids are UUIDs; an ack naming anything else is settled on its own (and found unknown). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PostgreSQL error code of a failed query, through the drivers' wrappers. */
function pgCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    e = cause;
  }
  return undefined;
}

export interface IngestDeps {
  devices: DevicesRepository;
  nodes: NodesRepository;
  samples: SamplesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  log: Logger;
  /**
   * A node's status stored from its gateway's report (the comfort automation). Called in the
   * process that ingested the report, once per report; its failure is logged, never drops it.
   */
  onStatus?: (
    node: { devId: string; type: string; addr: number },
    status: Record<string, unknown>,
  ) => Promise<void>;
  /**
   * A device object stored from its gateway's report (the power guard reads `/pmo/N/power`).
   * Called like `onStatus`: once per report, its failure logged.
   */
  onDeviceObject?: (devId: string, path: string, value: Record<string, unknown>) => Promise<void>;
}

/** Applies what gateways publish to the stored state and fans it out to the device's sockets. */
export function createIngestService(deps: IngestDeps) {
  const { devices, nodes, samples, commands, realtime, log } = deps;
  async function statusStored(devId: string, type: string, addr: number, status: object) {
    try {
      await deps.onStatus?.({ devId, type, addr }, status as Record<string, unknown>);
    } catch (err) {
      log.warn({ err, devId, type, addr }, 'comfort automation failed on a report');
    }
  }
  /**
   * Devices known to be stored, so that a gateway's every message does not ask again. Only a
   * hint: a device deleted meanwhile (by any process) makes its next write fail on the
   * foreign key, which forgets it, records it again and retries (see `handle`).
   */
  const known = new Set<string>();
  /** Messages dropped as malformed, of the wrong shape or too large, since the start. */
  let dropped = 0;
  // Node objects and device objects of many gateways, one statement per batch (write-batcher.ts).
  const partWrites = createWriteBatcher({ store: (w: PartWrite[]) => nodes.setParts(w) });
  // Samples messages of many gateways, two statements per batch (sample-days.repository.ts).
  // Nothing waits on them (no socket carries samples, and no later message of the gateway
  // depends on them), so they gather for a while and are stored one batch at a time: when a
  // whole fleet reports at once, the day totals' heavy statements come after the burst's
  // realtime updates instead of competing with them for the cores and the database.
  const sampleWrites = createWriteBatcher({
    store: async (w: { devId: string; list: GatewaySample[] }[]) => {
      await samples.insertBatch(w);
      return w.map(() => undefined);
    },
    gather: SAMPLES_GATHER,
    maxBatch: 2000,
    maxInFlight: 1,
  });
  /** Samples messages accepted and not yet stored (or dropped). */
  const storingSamples = new Set<Promise<void>>();
  const stateWrites = createWriteBatcher({
    store: async (w: { devId: string; path: string; body: unknown }[]) => {
      await devices.putStates(w);
      return w.map(() => undefined);
    },
  });

  /** A gateway the broker let in but nobody has added yet is kept as an unclaimed device. */
  async function ensureDev(devId: string): Promise<void> {
    if (known.has(devId)) return;
    if (await devices.createIfMissing({ devId, name: devId, groupId: null }))
      log.info({ devId }, 'unclaimed gateway recorded');
    if (known.size >= MAX_KNOWN_DEVICES) known.clear();
    known.add(devId);
  }

  async function onConnected(devId: string, body: unknown) {
    const { connected, fw_version: fwVersion } = connectedPayloadSchema.parse(body);
    // Never seen before: the user who added it may be waiting on dev_id=* (docs/wire-contract.md §7); an
    // unclaimed one is news to the browsers on its network at every connection.
    const firstTime = connected && (await devices.find(devId))?.lastSeen === null;
    // The firmware it announces is the device lists' fw_version (ruling D16).
    await devices.setConnected(devId, connected, fwVersion);
    realtime.update(devId, { kind: 'connected' }, { connected });
    if (connected) await commands.resendPending(devId);
    if (connected) realtime.handshake(devId, { firstTime });
  }

  async function onUp(devId: string, path: string, body: unknown) {
    // The path is read once, here: one no update carries is dropped (and counted) like any
    // other malformed report, so nothing below can store or emit it.
    const where = readDevicePath(path);
    if (!where) throw new Error(`unknown object path ${path}`);
    const part = nodeObjectPath(where);
    if (part) {
      const { type, addr, kind: name } = part;
      const value = readPart(type, name, body);
      // docs/device-protocol.md: while writes to an object are unacknowledged it reads as
      // pending; the store decides that in the statement that writes it (nodes.setParts).
      const stored = await partWrites.add({ devId, type, addr, part: name, body: value });
      // The whole object now stored: an update carries the object at its path (docs/wire-contract.md §7).
      realtime.update(
        devId,
        part,
        stored.pending ? { ...stored.value, sync_status: 'pending' } : stored.value,
      );
      if (name === 'status') await statusStored(devId, type, addr, stored.value);
      return;
    }
    if (where.kind === 'mgr_nodes') {
      const value = mgrNodesReportSchema.parse(body);
      await nodes.replaceList(devId, value.nodes);
      realtime.update(devId, where, value);
      return;
    }
    // Only the documented device objects, in the shape read at their path (docs/wire-contract.md §5, §7): an
    // unknown path or a malformed object is dropped, so that no read or update carries it.
    const schema = gatewayDeviceObjectSchema(path);
    if (!schema) throw new Error(`unknown object path ${path}`);
    const value = readKnown(schema, body, path);
    await stateWrites.add({ devId, path, body: value });
    realtime.update(devId, where, value);
    if (deps.onDeviceObject) {
      try {
        await deps.onDeviceObject(devId, path, value);
      } catch (err) {
        log.warn({ err, devId, path }, 'energy automation failed on a report');
      }
    }
  }

  /** The last ack for an object ends its pending state (in the statement that settles it). */
  async function onAck(devId: string, body: unknown) {
    const ack = gatewayAckSchema.parse(body);
    const settled = await commands.settleAndSync(devId, ack.id, ack.ok, ack.error);
    if (!settled) {
      log.debug({ devId, id: ack.id }, 'ack for an unknown or settled command');
      return;
    }
    if (!ack.ok) log.warn({ devId, id: ack.id, error: ack.error }, 'gateway refused a command');
    // At the object's path: a write of `/htr/2/mode` ends the pending state of `/htr/2/status`.
    const object = pendingObjectPath(settled.row.path);
    if (settled.synced && object) realtime.update(devId, object, settled.synced);
  }

  /**
   * A status or setup report and the ack that follows it (a gateway's answer to a write),
   * parsed; undefined when the two do not read as such (each then goes on its own).
   */
  function parsePair(report: GatewayMessage, next: GatewayMessage) {
    try {
      const up = parseGatewayTopic(report.topic);
      if (up?.kind !== 'up' || parseGatewayTopic(next.topic)?.kind !== 'ack') return undefined;
      const part = nodeObjectPath(readDevicePath(up.path));
      const found = part?.kind;
      const name = found === 'status' || found === 'setup' ? found : undefined;
      if (!part || !name || !isValidDevId(up.devId)) return undefined;
      const { type } = part;
      if (report.payload.length > GATEWAY_MESSAGE_MAX_BYTES) return undefined;
      const value = readPart(type, name, JSON.parse(report.payload.toString('utf8')));
      const ack = gatewayAckSchema.safeParse(JSON.parse(next.payload.toString('utf8')));
      if (!ack.success || !UUID.test(ack.data.id)) return undefined;
      const write: ReportedPart = {
        devId: up.devId,
        type,
        addr: part.addr,
        part: name,
        body: value,
      };
      return { write, ack: ack.data };
    } catch {
      return undefined;
    }
  }

  /** Stores the report and settles its ack in one statement, with the updates of both. */
  async function onReportAndAck({ write, ack }: NonNullable<ReturnType<typeof parsePair>>) {
    const { devId, body } = write;
    const nodePath = { kind: write.part, type: write.type, addr: write.addr };
    const done = await commands.reportAndSettle(write, ack);
    const whole = done.merged ?? body;
    realtime.update(
      devId,
      nodePath,
      done.reportedPending ? { ...whole, sync_status: 'pending' } : whole,
    );
    if (write.part === 'status') await statusStored(devId, write.type, write.addr, whole);
    // The ack was for another write (or one already settled): it is settled as on its own.
    if (!done.row) return onAck(devId, ack);
    if (!ack.ok) log.warn({ devId, id: ack.id, error: ack.error }, 'gateway refused a command');
    if (done.synced) realtime.update(devId, nodePath, done.synced);
  }

  /**
   * Applies one message (or a report with its ack) of a gateway; a bad one is logged and
   * dropped, so that it cannot stop the channel (the gateway's next report repairs the state).
   */
  async function guarded(devId: string, topic: string, apply: () => Promise<void>) {
    try {
      try {
        await apply();
      } catch (err) {
        // The device was deleted after this process last saw it: record it again, once.
        if (pgCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
        known.delete(devId);
        await apply();
      }
    } catch (err) {
      dropped += 1;
      log.warn({ err, topic }, 'gateway message dropped');
    }
  }

  async function handle(topic: string, payload: Buffer): Promise<void> {
    const message = parseGatewayTopic(topic);
    if (!message || message.kind === 'cmd' || !isValidDevId(message.devId)) return;
    const { devId } = message;
    // A (re)connection checks the row itself: its update alone would not notice it gone.
    if (message.kind === 'connected') known.delete(devId);
    if (payload.length > GATEWAY_MESSAGE_MAX_BYTES) {
      dropped += 1;
      log.warn({ topic, bytes: payload.length }, 'gateway message dropped: too large');
      return;
    }
    await guarded(devId, topic, async () => {
      const body: unknown = JSON.parse(payload.toString('utf8'));
      await ensureDev(devId);
      if (message.kind === 'connected') await onConnected(devId, body);
      else if (message.kind === 'up') await onUp(devId, message.path, body);
      else if (message.kind === 'samples') {
        const list = gatewaySamplesPayloadSchema.parse(body).samples;
        const stored = guarded(devId, topic, async () => {
          await ensureDev(devId);
          await sampleWrites.add({ devId, list });
        }).finally(() => storingSamples.delete(stored));
        storingSamples.add(stored);
      } else await onAck(devId, body);
    });
  }

  return {
    handle,
    /** Gateway messages dropped since the start (shown by GET /ready). */
    dropped: () => dropped,
    /** Resolves once every samples message handled so far is stored (or dropped), at once. */
    async samplesStored(): Promise<void> {
      while (storingSamples.size > 0) {
        await sampleWrites.flush();
        await Promise.all([...storingSamples]);
      }
    },
    /**
     * A gateway's messages in the order it sent them. Node objects of different nodes that
     * follow one another do not depend on each other: they are applied together (and so land
     * in the same write batch) instead of one round trip after another. Everything else —
     * connection state, `/mgr/nodes`, acks, samples, device objects — waits for what came
     * before it and holds back what comes after it.
     */
    async handleAll(messages: GatewayMessage[]): Promise<void> {
      let run: Promise<void>[] = [];
      let keys = new Set<string>();
      for (let i = 0; i < messages.length; i++) {
        const { topic, payload } = messages[i]!;
        const following = messages[i + 1];
        const pair = following && parsePair(messages[i]!, following);
        if (pair) {
          await Promise.all(run);
          run = [];
          keys = new Set();
          await guarded(pair.write.devId, topic, async () => {
            await ensureDev(pair.write.devId);
            await onReportAndAck(pair);
          });
          i++;
          continue;
        }
        const key = independentKey(topic);
        if (key === undefined || keys.has(key)) {
          await Promise.all(run);
          run = [];
          keys = new Set();
        }
        if (key === undefined) {
          await handle(topic, payload);
          continue;
        }
        keys.add(key);
        run.push(handle(topic, payload));
      }
      await Promise.all(run);
    },
  };
}

/** What a message writes when it may go together with its neighbours; undefined when not. */
function independentKey(topic: string): string | undefined {
  const message = parseGatewayTopic(topic);
  // Samples stay in line: their day totals are heavy, and node objects should not queue
  // behind them for a database connection.
  if (message?.kind !== 'up') return undefined;
  const part = nodeObjectPath(readDevicePath(message.path));
  return part ? `${part.type}/${part.addr}` : undefined;
}
export type IngestService = ReturnType<typeof createIngestService>;
