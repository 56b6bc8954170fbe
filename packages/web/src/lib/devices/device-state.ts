import {
  readDeviceUpdate,
  type AwayStatus,
  type DevData,
  type MgrNode,
  type NodePart,
  type NodeType,
  type PmoSystem,
  type SnapshotNode,
  type UpdateEvent,
} from '@hearth/protocol';

/** A node as the dashboard knows it: the manager entry plus whatever the device reported. */
export type LiveNode = SnapshotNode & { power?: unknown; power_limit?: unknown };

/** A gateway's realtime state in the query cache (spec 1 §4 "Home load"). */
export interface DeviceState {
  /** Whether a `dev_data` snapshot has arrived (the home stops "waiting for first update"). */
  ready: boolean;
  connected?: boolean;
  away_status?: AwayStatus;
  geo_data?: Record<string, unknown>;
  discovery?: DevData['discovery'];
  htr_system?: DevData['htr_system'];
  pmo_system?: PmoSystem;
  nodes: LiveNode[];
}

export const EMPTY_DEVICE_STATE: DeviceState = { ready: false, nodes: [] };

export function nodeKey(node: { type: NodeType; addr: number }): string {
  return `${node.type}:${node.addr}`;
}

/** Takes a new node list, keeping what was known about nodes that stay. */
function replaceNodes(previous: LiveNode[], next: readonly LiveNode[]): LiveNode[] {
  const known = new Map(previous.map((n) => [nodeKey(n), n]));
  return next.map((n) => ({ ...known.get(nodeKey(n)), ...n }));
}

/** Merges a `dev_data` snapshot; an empty node list never wipes a known one (spec 1 §4). */
export function applyDevData(previous: DeviceState | undefined, snapshot: DevData): DeviceState {
  const base = previous ?? EMPTY_DEVICE_STATE;
  const { nodes, ...rest } = snapshot;
  return {
    ...base,
    ...rest,
    ready: true,
    nodes: nodes.length > 0 ? replaceNodes(base.nodes, nodes) : base.nodes,
  };
}

function updateNode(
  state: DeviceState,
  type: NodeType,
  addr: number,
  part: NodePart,
  body: unknown,
): DeviceState {
  const index = state.nodes.findIndex((n) => n.type === type && n.addr === addr);
  // A part of a node we do not list yet is dropped; the next `/mgr/nodes` or snapshot brings it.
  if (index < 0) return state;
  const nodes = state.nodes.slice();
  nodes[index] = { ...nodes[index], [part]: body } as LiveNode;
  return { ...state, nodes };
}

/** Applies an `update {path, body}`: `body` is the full object now at `path` (docs/wire-contract.md §7). */
export function applyUpdate(previous: DeviceState | undefined, event: UpdateEvent): DeviceState {
  const state = previous ?? EMPTY_DEVICE_STATE;
  const update = readDeviceUpdate(event);
  if (!update) return state;
  switch (update.kind) {
    case 'connected':
      return { ...state, connected: update.body };
    case 'geo_data':
      return { ...state, geo_data: update.body };
    case 'pmo_system':
      return { ...state, pmo_system: update.body };
    case 'mgr_nodes':
      return update.body.length > 0
        ? { ...state, nodes: replaceNodes(state.nodes, update.body) }
        : state;
    case 'away_status':
      return { ...state, away_status: update.body };
    case 'discovery':
      return { ...state, discovery: update.body };
    case 'htr_power_limit':
      return { ...state, htr_system: { setup: { power_limit: update.body.power_limit } } };
    case 'rtc_time':
      return state;
    default:
      return updateNode(state, update.type, update.addr, update.kind, update.body);
  }
}

/**
 * The nodes to show for a device: the `/mgr/nodes` list (or the snapshot's when that
 * list is not known yet), each with the status the device last reported.
 */
export function mergeNodes(
  listed: readonly MgrNode[] | undefined,
  live: DeviceState | undefined,
): LiveNode[] {
  const liveNodes = live?.nodes ?? [];
  if (!listed || listed.length === 0) return liveNodes;
  const byKey = new Map(liveNodes.map((n) => [nodeKey(n), n]));
  return listed.map((n) => mergedNode(n, byKey.get(nodeKey(n))));
}

// The merge of the same two entries is the same object, so that a node nothing happened to
// keeps its identity across renders and its card can skip rendering again.
const merged = new WeakMap<MgrNode, WeakMap<object, LiveNode>>();
const NOT_REPORTED = {};

function mergedNode(listed: MgrNode, reported: LiveNode | undefined): LiveNode {
  let byReported = merged.get(listed);
  if (!byReported) {
    byReported = new WeakMap();
    merged.set(listed, byReported);
  }
  let node = byReported.get(reported ?? NOT_REPORTED);
  if (!node) {
    node = { ...reported, ...listed };
    byReported.set(reported ?? NOT_REPORTED, node);
  }
  return node;
}

/** The manager view of a node list, as `/mgr/nodes` answers it. */
export function toMgrNodes(nodes: readonly LiveNode[]): MgrNode[] {
  return nodes.map(({ name, addr, type, installed, lost }) => ({
    name,
    addr,
    type,
    installed,
    lost,
  }));
}
