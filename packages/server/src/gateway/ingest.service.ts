import { z } from 'zod';
import {
  connectedPayloadSchema,
  gatewayAckSchema,
  gatewaySamplesPayloadSchema,
  isValidDevId,
  mgrNodeSchema,
  nodeSetupSchema,
  nodeStatusSchema,
  nodeVersionSchema,
  parseGatewayTopic,
  parseNodeType,
  progSchema,
} from '@hearth/protocol';
import type { Logger } from '../logger';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodePart, NodesRepository } from '../repositories/nodes.repository';
import type { SamplesRepository } from '../repositories/samples.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { CommandsService } from './commands.service';

const NODE_PART_PATH = /^\/([a-z_]+)\/(\d+)\/(status|setup|prog|version)$/;
const partSchemas: Record<NodePart, z.ZodType<Record<string, unknown>>> = {
  status: nodeStatusSchema,
  setup: nodeSetupSchema,
  prog: z.object({ prog: progSchema }).catchall(z.unknown()),
  version: nodeVersionSchema,
};
const SYNCED_PARTS = new Set<NodePart>(['status', 'setup']);
const mgrNodesSchema = z.object({ nodes: z.array(mgrNodeSchema) });
const objectSchema = z.record(z.string(), z.unknown());

export interface IngestDeps {
  devices: DevicesRepository;
  nodes: NodesRepository;
  samples: SamplesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  log: Logger;
}

/** Applies what gateways publish to the stored state and fans it out to the device's sockets. */
export function createIngestService(deps: IngestDeps) {
  const { devices, nodes, samples, commands, realtime, log } = deps;

  /** A gateway the broker let in but nobody has added yet is kept as an unclaimed device. */
  async function ensureDev(devId: string): Promise<void> {
    if (await devices.find(devId)) return;
    await devices.create({ devId, name: devId, groupId: null });
    log.info({ devId }, 'unclaimed gateway recorded');
  }

  async function onConnected(devId: string, body: unknown) {
    const { connected } = connectedPayloadSchema.parse(body);
    await devices.setConnected(devId, connected);
    realtime.update(devId, '/connected', { connected });
    if (connected) await commands.resendPending(devId);
    // A gateway nobody has added yet: a user adding a device is waiting for it (API.md §7).
    if (connected && (await devices.find(devId))?.groupId === null) realtime.handshake(devId);
  }

  async function onUp(devId: string, path: string, body: unknown) {
    const part = NODE_PART_PATH.exec(path);
    if (part) {
      const type = parseNodeType(part[1] ?? '');
      if (!type) throw new Error(`unknown node type in ${path}`);
      const addr = Number(part[2]);
      const name = part[3] as NodePart;
      const nodePath = `/${type}/${addr}/${name}`;
      let value = partSchemas[name].parse(body);
      // docs/device-protocol.md: while writes to an object are unacknowledged it reads as pending.
      if (SYNCED_PARTS.has(name) && (await commands.hasPendingFor(devId, nodePath))) {
        value = { ...value, sync_status: 'pending' };
      }
      await nodes.setPart(devId, type, addr, name, value);
      realtime.update(devId, nodePath, value);
      return;
    }
    if (path === '/mgr/nodes') {
      const value = mgrNodesSchema.parse(body);
      await nodes.replaceList(devId, value.nodes);
      realtime.update(devId, path, value);
      return;
    }
    const value = objectSchema.parse(body);
    await devices.putState(devId, path, value);
    realtime.update(devId, path, value);
  }

  async function onAck(devId: string, body: unknown) {
    const ack = gatewayAckSchema.parse(body);
    const row = await commands.settle(devId, ack.id, ack.ok, ack.error);
    if (!row) {
      log.debug({ devId, id: ack.id }, 'ack for an unknown or settled command');
      return;
    }
    if (!ack.ok) log.warn({ devId, id: ack.id, error: ack.error }, 'gateway refused a command');
    await clearPending(devId, row.path);
  }

  /** The last ack for an object ends its pending state; what the gateway published stands. */
  async function clearPending(devId: string, path: string) {
    const part = NODE_PART_PATH.exec(path);
    const name = part?.[3] as NodePart | undefined;
    if (!part || !name || !SYNCED_PARTS.has(name) || (await commands.hasPendingFor(devId, path)))
      return;
    const node = await nodes.find(devId, part[1] ?? '', Number(part[2]));
    const current = node?.[name];
    if (!node || current?.sync_status !== 'pending') return;
    const value = { ...current, sync_status: 'ok' };
    await nodes.setPart(devId, node.type, node.addr, name, value);
    realtime.update(devId, path, value);
  }

  return {
    async handle(topic: string, payload: Buffer): Promise<void> {
      const message = parseGatewayTopic(topic);
      if (!message || message.kind === 'cmd' || !isValidDevId(message.devId)) return;
      const { devId } = message;
      try {
        const body: unknown = JSON.parse(payload.toString('utf8'));
        await ensureDev(devId);
        if (message.kind === 'connected') await onConnected(devId, body);
        else if (message.kind === 'up') await onUp(devId, message.path, body);
        else if (message.kind === 'samples')
          await samples.insertMany(devId, gatewaySamplesPayloadSchema.parse(body).samples);
        else await onAck(devId, body);
      } catch (err) {
        // One bad message must not stop the channel; the gateway's next report repairs the state.
        log.warn({ err, topic }, 'gateway message dropped');
      }
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
