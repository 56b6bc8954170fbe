import {
  devicePathOf,
  type BoostWrite,
  formatPowerLimit,
  nodeCommandPath,
  type NodeWriteAction,
  hardwareSetupKeys,
  type ModeWrite,
  type NodeStatusWrite,
  ownerOnlySetupKeys,
  ownerOnlyStatusKeys,
  parseNodeType,
  progSchema,
  type ProgTempsWrite,
  type ProgWrite,
  setupSlotsPerDay,
  mergeSettings,
  nodeWriteProblem,
  setupWriteSchemaFor,
  type SetupWrite,
  slotsPerDay,
  withResolution,
} from '@hearth/protocol';
import type { z } from 'zod';
import { errors } from '../errors';
import type { CommandsService } from '../gateway/commands.service';
import type { Role } from '../repositories/homes.repository';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import { presentMgrNode } from './devices.presenter';

export interface NodeControlDeps {
  nodes: NodesRepository;
  devices: DevicesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
}

/**
 * 400 with the words of what the node refuses of a write (protocol's `nodeWriteProblem`, the
 * same checks as the app's demo makes); nothing is stored or sent before this.
 */
function checkAgainstNode(node: NodeRow, action: NodeWriteAction, body: object): void {
  const type = parseNodeType(node.type);
  const problem = nodeWriteProblem(
    { type, setup: node.setup, status: node.status },
    action,
    body as Record<string, unknown>,
  );
  if (problem) throw errors.validation(problem);
}

/** A refused setup write in words: the entry, and what is wrong with it. */
function setupIssue(type: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.join('.') ?? '';
  if (issue?.code === 'unrecognized_keys')
    return `a ${type} node has no setting ${issue.keys.map((k) => `${where ? `${where}.` : ''}${k}`).join(', ')}`;
  return `${where || 'setup'}: ${issue?.message ?? 'invalid value'}`;
}

/**
 * Writes to one node (docs/wire-contract.md §5), each admitted by its route as protocol's node
 * write table says (body, owner, which nodes it reaches): each validates against the node,
 * records the desired state, shows it to every socket of the device, and queues the command
 * for the gateway at the table's command path. The
 * gateway's own report later replaces the desired state; an offline gateway gets the command
 * when it returns (commands.service keeps it pending).
 */
/**
 * 403 for a guest's write that changes an entry the settings table keeps for the owner
 * (spec 3 §6: the keyboard lock, priority, schedule resolution, `power`); one written back
 * as it is stored passes, so that a whole object can be sent back.
 */
function checkOwnerOnly(
  role: Role,
  ownerOnly: readonly string[],
  write: Record<string, unknown>,
  current: Record<string, unknown>,
) {
  if (role === 'owner') return;
  const changed = ownerOnly.filter(
    (k) => k in write && JSON.stringify(write[k]) !== JSON.stringify(current[k]),
  );
  if (changed.length > 0) throw errors.forbidden(`Only the owner may change ${changed.join(', ')}`);
}

export function createNodeControlService({ nodes, devices, commands, realtime }: NodeControlDeps) {
  /**
   * Records the desired state of a part and the command that carries the write, in one
   * statement; hands the command to the broker and, while the broker confirms it, shows the
   * desired state to the device's sockets (on the gateway's way first: the confirmed state
   * comes back only after the gateway's ack is stored, long after this update went out).
   */
  async function record(
    node: NodeRow,
    action: NodeWriteAction,
    body: unknown,
    part: 'status' | 'setup' | 'prog',
    value: Record<string, unknown>,
  ) {
    const desired = { type: node.type, addr: node.addr, part, body: value };
    const row = await commands.store(
      node.devId,
      'POST',
      nodeCommandPath(node, action),
      body,
      desired,
    );
    const published = commands.publish(row);
    realtime.update(node.devId, { kind: part, type: node.type, addr: node.addr }, value);
    await published;
  }
  /** Merges a change into the status, pending until the device confirms it, and sends it. */
  async function writeStatus(
    node: NodeRow,
    action: NodeWriteAction,
    body: unknown,
    patch: Record<string, unknown>,
  ) {
    const desired = { ...(node.status ?? {}), ...patch, sync_status: 'pending' };
    await record(node, action, body, 'status', desired);
    return desired;
  }
  const send = (node: NodeRow, action: NodeWriteAction, body: unknown) =>
    commands.send(node.devId, 'POST', nodeCommandPath(node, action), body);
  async function publishNodeList(devId: string) {
    const list = await nodes.list(devId);
    realtime.update(devId, { kind: 'mgr_nodes' }, { nodes: list.map(presentMgrNode) });
  }
  /**
   * A new schedule method reshapes the stored programme as the device does (spec 3 §4:
   * to hourly keeps every other half-hour entry, to half-hourly duplicates each hour), so
   * that until the device reports its own, the programme read and written fits the method.
   */
  async function followResolution(node: NodeRow, setup: Record<string, unknown>) {
    const slots = setupSlotsPerDay(setup);
    const stored = progSchema.safeParse(node.prog?.prog);
    if (slots === undefined || !stored.success || stored.data['0'].length === slots) return;
    const prog = withResolution(stored.data, slots === slotsPerDay('hour') ? 'hour' : 'half_hour');
    const value = { ...node.prog, prog };
    await nodes.setPart(node.devId, node.type, node.addr, 'prog', value);
    realtime.update(node.devId, { kind: 'prog', type: node.type, addr: node.addr }, value);
  }

  return {
    async status(node: NodeRow, role: Role, write: NodeStatusWrite) {
      const ownerOnly = ownerOnlyStatusKeys(parseNodeType(node.type) ?? 'htr');
      checkOwnerOnly(role, ownerOnly, write, node.status ?? {});
      checkAgainstNode(node, 'status', write);
      // The runback time travels to the gateway; the status reports the end, not the time.
      const { time: _time, ...patch } = write;
      return writeStatus(node, 'status', write, patch);
    },
    async mode(node: NodeRow, write: ModeWrite) {
      checkAgainstNode(node, 'mode', write);
      const { time: _time, ...patch } = write;
      return writeStatus(node, 'mode', write, patch);
    },
    async progTemps(node: NodeRow, write: ProgTempsWrite) {
      checkAgainstNode(node, 'prog_temps', write);
      return writeStatus(node, 'prog_temps', write, write);
    },
    async boost(node: NodeRow, write: BoostWrite) {
      checkAgainstNode(node, 'boost', write);
      return writeStatus(node, 'boost', write, { boost: write.active });
    },
    async lock(node: NodeRow, locked: boolean) {
      return writeStatus(node, 'lock', { locked }, { locked });
    },
    async setup(node: NodeRow, role: Role, body: SetupWrite) {
      // Only the settings this node type has, each of its type and range (protocol node-settings).
      const type = parseNodeType(node.type);
      if (!type) throw errors.validation(`a ${node.type} node has no settings`);
      const parsed = setupWriteSchemaFor(type).safeParse(body);
      if (!parsed.success) throw errors.validation(setupIssue(type, parsed.error));
      const write = parsed.data;
      const current = node.setup ?? {};
      checkOwnerOnly(role, ownerOnlySetupKeys(type), write, current);
      checkAgainstNode(node, 'setup', write);
      const { sync_status: _ignored, ...forwarded } = write;
      const hardware = Object.fromEntries(
        hardwareSetupKeys(type)
          .filter((k) => k in current)
          .map((k) => [k, current[k]]),
      );
      // A partial group (extra_options…) changes only what it names, as the store merges it.
      const desired = { ...mergeSettings(current, forwarded), ...hardware, sync_status: 'pending' };
      await record(node, 'setup', forwarded, 'setup', desired);
      await followResolution(node, desired);
      return desired;
    },
    async prog(node: NodeRow, write: ProgWrite) {
      checkAgainstNode(node, 'prog', write);
      await record(node, 'prog', { prog: write.prog }, 'prog', { prog: write.prog });
      return { prog: write.prog };
    },
    async name(node: NodeRow, name: string) {
      await nodes.setName(node.devId, node.type, node.addr, name);
      await send(node, 'name', { name });
      await publishNodeList(node.devId);
      return { name };
    },
    async select(node: NodeRow, select: boolean) {
      // Identifying a node is a momentary action on the device; nothing to keep here.
      await send(node, 'select', { select });
      return { select };
    },
    async powerLimit(node: NodeRow, watts: number) {
      const body = { power_limit: formatPowerLimit(watts) };
      const at = { kind: 'power_limit', type: node.type, addr: node.addr } as const;
      await devices.putState(node.devId, devicePathOf(at), body);
      realtime.update(node.devId, at, body);
      await send(node, 'power_limit', body);
      return body;
    },
    /** Erase (docs/wire-contract.md §5): purge deletes the node, otherwise it stays uninstalled for a replacement. */
    async erase(node: NodeRow, purge: boolean) {
      if (purge) await nodes.remove(node.devId, node.type, node.addr);
      else await nodes.setInstalled(node.devId, node.type, node.addr, false);
      await commands.send(node.devId, 'DELETE', nodeCommandPath(node, 'erase'), { purge });
      await publishNodeList(node.devId);
      return { purge };
    },
  };
}
export type NodeControlService = ReturnType<typeof createNodeControlService>;
