import { formatPowerLimit } from '@hearth/protocol';
import { badRequest, forbidden } from '../errors';
import type { CommandsService } from '../gateway/commands.service';
import type { Role } from '../repositories/homes.repository';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodePart, NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import { presentMgrNode } from './devices.presenter';
import {
  checkModeEnabled,
  checkProfileOrder,
  checkRunbackTemp,
  checkTemperatures,
} from './node-limits';
import {
  OWNER_ONLY_SETUP_KEYS,
  type BoostWrite,
  type ModeWrite,
  type NodeStatusWrite,
  type ProgTempsWrite,
  type ProgWrite,
  type SetupWrite,
} from './node-writes';

export interface NodeControlDeps {
  nodes: NodesRepository;
  devices: DevicesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
}

const base = (node: NodeRow) => `/${node.type}/${node.addr}`;

/**
 * Writes to one node (API.md §5): each validates against the node, records the desired state,
 * shows it to every socket of the device, and queues the command for the gateway. The
 * gateway's own report later replaces the desired state; an offline gateway gets the command
 * when it returns (commands.service keeps it pending).
 */
export function createNodeControlService({ nodes, devices, commands, realtime }: NodeControlDeps) {
  async function storePart(node: NodeRow, part: NodePart, value: Record<string, unknown>) {
    await nodes.setPart(node.devId, node.type, node.addr, part, value);
    realtime.update(node.devId, `${base(node)}/${part}`, value);
  }
  /** Merges a change into the status and marks it pending until the device confirms it. */
  async function desiredStatus(node: NodeRow, patch: Record<string, unknown>) {
    const desired = { ...(node.status ?? {}), ...patch, sync_status: 'pending' };
    await storePart(node, 'status', desired);
    return desired;
  }
  const send = (node: NodeRow, action: string, body: unknown) =>
    commands.send(node.devId, 'POST', `${base(node)}/${action}`, body);
  async function publishNodeList(devId: string) {
    const list = await nodes.list(devId);
    realtime.update(devId, '/mgr/nodes', { nodes: list.map(presentMgrNode) });
  }
  function heaterOnly(node: NodeRow) {
    if (node.type === 'pmo') throw badRequest('a power monitor has no such setting');
  }

  return {
    async status(node: NodeRow, role: Role, write: NodeStatusWrite) {
      heaterOnly(node);
      if (write.locked !== undefined && role !== 'owner')
        throw forbidden('Only the owner may change the keyboard lock');
      checkTemperatures(node, write.units, {
        stemp: write.stemp,
        comf_temp: write.comf_temp,
        eco_temp: write.eco_temp,
        ice_temp: write.ice_temp,
      });
      checkProfileOrder(node, write.units, write);
      checkModeEnabled(node, write.mode);
      checkRunbackTemp(node, write.mode, write.stemp, write.units);
      const desired = await desiredStatus(node, write);
      await send(node, 'status', write);
      return desired;
    },
    async mode(node: NodeRow, write: ModeWrite) {
      heaterOnly(node);
      checkTemperatures(node, write.units, { stemp: write.stemp });
      checkModeEnabled(node, write.mode);
      checkRunbackTemp(node, write.mode, write.stemp, write.units);
      const desired = await desiredStatus(node, write);
      await send(node, 'mode', write);
      return desired;
    },
    async progTemps(node: NodeRow, write: ProgTempsWrite) {
      heaterOnly(node);
      const { units, ...temps } = write;
      checkTemperatures(node, units, temps);
      checkProfileOrder(node, units, temps);
      const desired = await desiredStatus(node, write);
      await send(node, 'prog_temps', write);
      return desired;
    },
    async boost(node: NodeRow, write: BoostWrite) {
      heaterOnly(node);
      checkTemperatures(node, write.units, { temperature: write.temperature });
      const desired = await desiredStatus(node, { boost: write.active });
      await send(node, 'boost', write);
      return desired;
    },
    async lock(node: NodeRow, role: Role, locked: boolean) {
      heaterOnly(node);
      if (role !== 'owner') throw forbidden('Only the owner may change the keyboard lock');
      const desired = await desiredStatus(node, { locked });
      await send(node, 'lock', { locked });
      return desired;
    },
    async setup(node: NodeRow, role: Role, write: SetupWrite) {
      const current = node.setup ?? {};
      if (role !== 'owner') {
        const changed = OWNER_ONLY_SETUP_KEYS.filter(
          (k) => k in write && JSON.stringify(write[k]) !== JSON.stringify(current[k]),
        );
        if (changed.length > 0) throw forbidden(`Only the owner may change ${changed.join(', ')}`);
      }
      const { sync_status: _ignored, ...body } = write;
      const desired = { ...current, ...body, sync_status: 'pending' };
      await storePart(node, 'setup', desired);
      await send(node, 'setup', body);
      return desired;
    },
    async prog(node: NodeRow, write: ProgWrite) {
      heaterOnly(node);
      await storePart(node, 'prog', { prog: write.prog });
      await send(node, 'prog', { prog: write.prog });
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
      if (node.type !== 'pmo') throw badRequest('only a power monitor has a power limit');
      const body = { power_limit: formatPowerLimit(watts) };
      const path = `${base(node)}/power_limit`;
      await devices.putState(node.devId, path, body);
      realtime.update(node.devId, path, body);
      await send(node, 'power_limit', body);
      return body;
    },
    /** Erase (API.md §5): purge deletes the node, otherwise it stays uninstalled for a replacement. */
    async erase(node: NodeRow, purge: boolean) {
      if (purge) await nodes.remove(node.devId, node.type, node.addr);
      else await nodes.setInstalled(node.devId, node.type, node.addr, false);
      await commands.send(node.devId, 'DELETE', base(node), { purge });
      await publishNodeList(node.devId);
      return { purge };
    },
  };
}
export type NodeControlService = ReturnType<typeof createNodeControlService>;
