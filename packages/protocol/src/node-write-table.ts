import type { z } from 'zod';
import { NODE_TYPES, parseNodeType, type NodeType } from './node-types';
import {
  boostWriteSchema,
  eraseSchema,
  lockWriteSchema,
  modeWriteSchema,
  nameWriteSchema,
  nodeStatusWriteSchema,
  powerLimitWriteSchema,
  progTempsWriteSchema,
  progWriteSchema,
  selectWriteSchema,
  setupWriteSchema,
} from './node-writes';
import { setupWriteSchemaFor } from './node-settings';

/*
 * The writes to one node (docs/wire-contract.md §5 per-node table), declared once: the server
 * registers its routes from this table and derives what a command holds pending from it, the
 * simulator parses the commands it receives with it, and the app's typed writes and its demo
 * backend take their paths and bodies from it. A new write is one entry here.
 */

/** Which nodes a write reaches: heaters (htr, acm, thm), power monitors only, or any node. */
export type NodeWriteTarget = 'heaters' | 'power_monitors' | 'any';

/**
 * The object of the node that a write holds pending (`sync_status: "pending"`) until the
 * gateway acknowledges it (docs/device-protocol.md "Commands and delivery").
 */
export const PENDING_OBJECTS = ['status', 'setup'] as const;
export type PendingObject = (typeof PENDING_OBJECTS)[number];

export interface NodeWriteSpec {
  method: 'POST' | 'DELETE';
  /** The path below the node, `/api/v2/devs/{dev}/{type}/{addr}/{path}` and `/{type}/{addr}/{path}` on `cmd`. */
  path: string;
  /** The body, checked alike by the server, the simulator and the demo. */
  body: z.ZodType;
  /** The body narrowed to a node type, where it depends on the type (a setup's settings). */
  bodyForType?: (type: NodeType) => z.ZodType;
  pending: PendingObject | null;
  target: NodeWriteTarget;
  /** The words of a guest's refusal (403) of a write only the owner may make. */
  ownerOnly?: string;
  /** What the write does, in the OpenAPI document. */
  description: string;
}

const FORWARDED =
  'Stored as the desired state and forwarded to the gateway at once; the device confirms through realtime updates';

export const NODE_WRITES = {
  status: {
    method: 'POST',
    path: 'status',
    body: nodeStatusWriteSchema,
    pending: 'status',
    target: 'heaters',
    description: FORWARDED,
  },
  mode: {
    method: 'POST',
    path: 'mode',
    body: modeWriteSchema,
    pending: 'status',
    target: 'heaters',
    description: FORWARDED,
  },
  prog_temps: {
    method: 'POST',
    path: 'prog_temps',
    body: progTempsWriteSchema,
    pending: 'status',
    target: 'heaters',
    description: FORWARDED,
  },
  boost: {
    method: 'POST',
    path: 'boost',
    body: boostWriteSchema,
    pending: 'status',
    target: 'heaters',
    description: FORWARDED,
  },
  lock: {
    method: 'POST',
    path: 'lock',
    body: lockWriteSchema,
    pending: 'status',
    target: 'heaters',
    ownerOnly: 'Only the owner may change the keyboard lock',
    description: FORWARDED,
  },
  setup: {
    method: 'POST',
    path: 'setup',
    body: setupWriteSchema,
    bodyForType: setupWriteSchemaFor,
    pending: 'setup',
    target: 'any',
    description: `The full setup object (GET, merge, POST); owner-only entries answer 403 to guests. ${FORWARDED}`,
  },
  prog: {
    method: 'POST',
    path: 'prog',
    body: progWriteSchema,
    pending: null,
    target: 'heaters',
    description: FORWARDED,
  },
  name: {
    method: 'POST',
    path: 'name',
    body: nameWriteSchema,
    pending: null,
    target: 'any',
    ownerOnly: 'Only the owner may rename a node',
    description: FORWARDED,
  },
  select: {
    method: 'POST',
    path: 'select',
    body: selectWriteSchema,
    pending: null,
    target: 'any',
    description: FORWARDED,
  },
  power_limit: {
    method: 'POST',
    path: 'power_limit',
    body: powerLimitWriteSchema,
    pending: null,
    target: 'power_monitors',
    ownerOnly: 'Only the owner may change a power limit',
    description: `Power monitors only. ${FORWARDED}`,
  },
  erase: {
    method: 'DELETE',
    path: '',
    body: eraseSchema.optional(),
    pending: null,
    target: 'any',
    ownerOnly: 'Only the owner may erase a node',
    description:
      'Erase a node: purge deletes it, otherwise it stays uninstalled for a replacement (owner only)',
  },
} as const satisfies Record<string, NodeWriteSpec>;

export type NodeWriteAction = keyof typeof NODE_WRITES;
export const NODE_WRITE_ACTIONS = Object.keys(NODE_WRITES) as NodeWriteAction[];

/** The body of a write as a client sends it (temperatures as decimal strings, …). */
export type NodeWriteBody<A extends NodeWriteAction> = z.input<(typeof NODE_WRITES)[A]['body']>;
/** The body of a write once checked: what is stored and forwarded to the gateway. */
export type NodeWriteValue<A extends NodeWriteAction> = z.output<(typeof NODE_WRITES)[A]['body']>;

/** The body a write to a node of `type` takes: the write's own, narrowed to the type where it depends on it. */
export function nodeWriteBodyFor<A extends NodeWriteAction>(
  action: A,
  type: NodeType,
): z.ZodType<NodeWriteValue<A>> {
  const write: NodeWriteSpec = NODE_WRITES[action];
  return (write.bodyForType?.(type) ?? write.body) as z.ZodType<NodeWriteValue<A>>;
}

/** A node as a write addresses it. */
export interface NodeAddress {
  type: NodeType;
  addr: number;
}

/** The server's route of a write, in Fastify's syntax (`/api/v2/devs/:dev/:type/:addr/status`). */
export function nodeWriteRoute(action: NodeWriteAction): string {
  return `/api/v2/devs/:dev/:type/:addr/${NODE_WRITES[action].path}`;
}

/** The HTTP path of a write to a node of a device (`/api/v2/devs/{dev}/htr/2/status`). */
export function nodeWriteUrl(devId: string, node: NodeAddress, action: NodeWriteAction): string {
  return `/api/v2/devs/${encodeURIComponent(devId)}/${node.type}/${node.addr}/${NODE_WRITES[action].path}`;
}

/** The path of a write's command on the gateway channel (`/htr/2/status`; an erase `/htr/2`). */
export function nodeCommandPath(
  node: { type: string; addr: number },
  action: NodeWriteAction,
): string {
  const path = NODE_WRITES[action].path;
  return path ? `/${node.type}/${node.addr}/${path}` : `/${node.type}/${node.addr}`;
}

/**
 * A command path read back: the node it names and its write, or `unknown` when the path is a
 * node's but no write of `method` goes there; undefined when it names no node.
 */
export function parseNodeCommandPath(
  method: string,
  commandPath: string,
): { node: NodeAddress; action: NodeWriteAction | 'unknown' } | undefined {
  const match = /^\/([a-z_]+)\/(\d{1,10})(?:\/([a-z_]*))?$/.exec(commandPath);
  const type = match?.[1] === undefined ? undefined : parseNodeType(match[1]);
  if (!match || !type) return undefined;
  const action = nodeWriteAt(method, match[3] ?? '');
  return { node: { type, addr: Number(match[2]) }, action: action ?? 'unknown' };
}

/** The write of `method` at `path` below a node (`POST` `status`, `DELETE` ``), if there is one. */
export function nodeWriteAt(method: string, path: string): NodeWriteAction | undefined {
  return NODE_WRITE_ACTIONS.find(
    (a) => NODE_WRITES[a].path === path && NODE_WRITES[a].method === method,
  );
}

/** The writes that hold `object` pending until the gateway acknowledges them. */
export function writesHoldingPending(object: PendingObject): NodeWriteAction[] {
  return NODE_WRITE_ACTIONS.filter((a) => NODE_WRITES[a].pending === object);
}

/** The node types each target reaches, and the words of the refusal (400) of any other. */
export const NODE_WRITE_TARGETS: Readonly<
  Record<NodeWriteTarget, { types: readonly NodeType[]; refusal: string }>
> = {
  heaters: { types: ['htr', 'acm', 'thm'], refusal: 'a power monitor has no such setting' },
  power_monitors: { types: ['pmo'], refusal: 'only a power monitor has a power limit' },
  any: { types: NODE_TYPES, refusal: 'no node has such a setting' },
};

/** The words of the refusal (400) of a write to a node it does not reach, or undefined. */
export function nodeWriteTargetProblem(action: NodeWriteAction, type: string): string | undefined {
  const target = NODE_WRITE_TARGETS[NODE_WRITES[action].target];
  return (target.types as readonly string[]).includes(type) ? undefined : target.refusal;
}
