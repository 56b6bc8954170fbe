import { wireObjects, type SimNode, type WireObject } from '@hearth/device-model';
import {
  buildDevicePath,
  type DevData,
  type MgrNode,
  type NodePart,
  type SnapshotNode,
  type UpdateEvent,
} from '@hearth/protocol';
import type { DemoDevice } from './demo-model';

/**
 * What the demo's gateways report: the device model's objects (`wireObjects`, as the simulator
 * publishes them), read by the paths of protocol's `buildDevicePath`.
 */
export function reportedObjects(dev: DemoDevice): Map<string, WireObject> {
  return new Map(wireObjects(dev.model).map((o) => [o.path, o]));
}

/** One part of a node as its gateway reports it; undefined for a part the node has not. */
export function nodePart(dev: DemoDevice, node: SimNode, part: NodePart): unknown {
  return reportedObjects(dev).get(buildDevicePath(part, node))?.body;
}

export function mgrNodes(dev: DemoDevice): MgrNode[] {
  return (reportedObjects(dev).get(buildDevicePath('mgr_nodes'))?.body as { nodes: MgrNode[] })
    .nodes;
}

function snapshotNode(objects: Map<string, WireObject>, n: SimNode): SnapshotNode {
  const part = (name: NodePart) => objects.get(buildDevicePath(name, n))?.body;
  const base = { name: n.name, addr: n.addr, type: n.type, installed: n.installed, lost: n.lost };
  if (n.kind === 'meter')
    return {
      ...base,
      setup: part('setup'),
      version: part('version'),
      power_limit: part('power_limit'),
    } as SnapshotNode;
  return {
    ...base,
    status: part('status'),
    setup: part('setup'),
    prog: part('prog'),
    version: part('version'),
  } as SnapshotNode;
}

/** A node's GET: its status, setup, programme and version ({} where it has none). */
export function nodeSnapshot(dev: DemoDevice, n: SimNode): SnapshotNode {
  return snapshotNode(reportedObjects(dev), n);
}

export function devData(dev: DemoDevice, geo: Record<string, unknown>): DevData {
  const objects = reportedObjects(dev);
  const body = (path: string) => structuredClone(objects.get(path)?.body) as never;
  return {
    connected: true,
    away_status: body(buildDevicePath('away_status')),
    geo_data: { ...geo },
    discovery: body(buildDevicePath('discovery')),
    htr_system: { setup: body(buildDevicePath('htr_power_limit')) },
    pmo_system: body(buildDevicePath('pmo_system')),
    nodes: dev.model.nodes.map((n) => structuredClone(snapshotNode(objects, n))),
  };
}

/**
 * The objects that changed since they were last pushed, as `update`s. A power monitor's power
 * is left out: in the demo it reads as spec 1 §9 says, not as the model measures it.
 */
export function changedObjects(dev: DemoDevice): UpdateEvent[] {
  const events: UpdateEvent[] = [];
  const power = new Set(dev.model.meters().map((m) => buildDevicePath('power', m)));
  for (const o of wireObjects(dev.model)) {
    if (power.has(o.path)) continue;
    const json = o.json ?? JSON.stringify(o.body);
    if (dev.reported.get(o.path) === json) continue;
    dev.reported.set(o.path, json);
    events.push({ path: o.path, body: JSON.parse(json) as unknown });
  }
  return events;
}
