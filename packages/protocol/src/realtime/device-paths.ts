import { nodeCommandPath } from '../node-write-table';
import { parseNodeType, type NodeType } from '../node-types';

/** The device paths an `update` carries that are not below a node (docs/wire-contract.md §7). */
export const DEVICE_PATHS = {
  connected: '/connected',
  geo_data: '/geo_data',
  pmo_system: '/pmo_system',
  mgr_nodes: '/mgr/nodes',
  away_status: '/mgr/away_status',
  discovery: '/mgr/discovery',
  rtc_time: '/mgr/rtc/time',
  htr_power_limit: '/htr_system/power_limit',
} as const;
export type DevicePathKind = keyof typeof DEVICE_PATHS;

/** The objects below a node an `update` carries at `/{type}/{addr}/{part}`. */
export const NODE_PARTS = ['status', 'setup', 'prog', 'version', 'power', 'power_limit'] as const;
export type NodePart = (typeof NODE_PARTS)[number];

/** Every path kind an `update` can carry. */
export type PathKind = DevicePathKind | NodePart;
export const PATH_KINDS: readonly PathKind[] = [
  ...(Object.keys(DEVICE_PATHS) as DevicePathKind[]),
  ...NODE_PARTS,
];

/** A node as a path names it; a stored node's type is the text it was stored with. */
type NodeAt = { type: NodeType | (string & {}); addr: number };

/** A path read back: what it names, and the node for a node part. */
export type ParsedDevicePath =
  { kind: DevicePathKind } | { kind: NodePart; type: NodeType; addr: number };

/** The parts whose path is also a node write's command path (node-write-table.ts). */
const WRITE_OF_PART = {
  status: 'status',
  setup: 'setup',
  prog: 'prog',
  power_limit: 'power_limit',
} as const satisfies Partial<Record<NodePart, string>>;

function isNodePart(value: string): value is NodePart {
  return (NODE_PARTS as readonly string[]).includes(value);
}

/** The path of a device object (`/mgr/away_status`) or a node's part (`/htr/2/status`). */
export function buildDevicePath(kind: DevicePathKind): string;
export function buildDevicePath(kind: NodePart, node: NodeAt): string;
export function buildDevicePath(kind: PathKind, node?: NodeAt): string {
  if (!isNodePart(kind)) return DEVICE_PATHS[kind];
  if (!node) throw new Error(`the path of a node's ${kind} needs the node`);
  return Object.hasOwn(WRITE_OF_PART, kind)
    ? nodeCommandPath(node, WRITE_OF_PART[kind as keyof typeof WRITE_OF_PART])
    : `/${node.type}/${node.addr}/${kind}`;
}

/**
 * What an `update` is about, typed: a device object by its kind, or a part of a node. Only
 * these have a path (`devicePathOf`), so what emits updates by them cannot emit an unknown one.
 */
export type DeviceObjectAt = { kind: DevicePathKind } | ({ kind: NodePart } & NodeAt);

/** The path of what an update is about (`{kind: 'status', type: 'htr', addr: 2}` → `/htr/2/status`). */
export function devicePathOf(at: DeviceObjectAt): string {
  return 'type' in at ? buildDevicePath(at.kind, at) : buildDevicePath(at.kind);
}

const BY_PATH = new Map<string, DevicePathKind>(
  (Object.entries(DEVICE_PATHS) as [DevicePathKind, string][]).map(([kind, path]) => [path, kind]),
);

/**
 * What an `update`'s path names; null for a path no update carries. Empty segments are
 * ignored (`/mgr/nodes/` is `/mgr/nodes`), as the app always read them.
 */
export function parseDevicePath(path: string): ParsedDevicePath | null {
  const segments = path.split('/').filter((s) => s !== '');
  const kind = BY_PATH.get(`/${segments.join('/')}`);
  if (kind) return { kind };
  if (segments.length !== 3) return null;
  const [first = '', second = '', third = ''] = segments;
  const type = parseNodeType(first);
  if (!type || !/^\d{1,10}$/.test(second) || !isNodePart(third)) return null;
  return { kind: third, type, addr: Number(second) };
}

/**
 * A path spelled exactly as `buildDevicePath` spells it, read once where it comes in (a
 * gateway's report): what it names; null for any other path, including the loose spellings
 * `parseDevicePath` forgives (`/mgr/nodes/`, `/htr/02/status`).
 */
export function readDevicePath(path: string): ParsedDevicePath | null {
  const where = parseDevicePath(path);
  return where && devicePathOf(where) === path ? where : null;
}
