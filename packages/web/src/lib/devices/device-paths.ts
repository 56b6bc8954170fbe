import {
  buildDevicePath,
  nodeWriteUrl,
  type DevicePathKind,
  type NodePart,
  type NodeType,
} from '@hearth/protocol';

/**
 * The app's one spelling of the device paths of docs/wire-contract.md §5. The objects an
 * `update` also carries are spelled by protocol's `buildDevicePath` (the realtime contract), the
 * node writes by protocol's node write table (`nodeWriteUrl`); ids are URI-encoded, node
 * types and addresses are the protocol's own words and numbers.
 */

/** The user's devices: their list and the registration of a new one. */
export const DEVICES_URL = '/api/v2/devs';

/** What the API keeps of a device itself, beside the objects an `update` carries. */
export type DeviceResource = 'dev_data' | 'name' | 'group';

/** The device (`/api/v2/devs/{devId}`), or one of its own resources (`…/dev_data`). */
export function deviceUrl(devId: string, resource?: DeviceResource): string {
  const base = `${DEVICES_URL}/${encodeURIComponent(devId)}`;
  return resource ? `${base}/${resource}` : base;
}

/** A device object as the realtime contract names it (`…/mgr/away_status`, `…/pmo_system`). */
export function deviceObjectUrl(devId: string, kind: DevicePathKind): string {
  return `${deviceUrl(devId)}${buildDevicePath(kind)}`;
}

/** A node of a device, as the HTTP paths address it. */
export interface NodeAt {
  devId: string;
  type: NodeType;
  addr: number;
}

/** What the API keeps below a node beside the parts an `update` carries: its samples. */
export type NodeResource = 'samples';

/**
 * A node (`…/htr/2/`, its read of status and setup together, the path its erase takes), a part
 * of it as the realtime contract names it (`…/htr/2/setup`, `…/pmo/1/power`), or its samples.
 */
export function nodeUrl(node: NodeAt, part?: NodePart | NodeResource): string {
  if (part === undefined) return nodeWriteUrl(node.devId, node, 'erase');
  const below =
    part === 'samples' ? `/${node.type}/${node.addr}/samples` : buildDevicePath(part, node);
  return `${deviceUrl(node.devId)}${below}`;
}
