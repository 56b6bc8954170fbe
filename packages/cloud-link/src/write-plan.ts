import {
  GEO_DATA_PATH,
  NODE_WRITES,
  parseNodeType,
  type GatewayCommand,
  type NodeWriteSpec,
} from '@hearth/protocol';
import type { UpstreamObject } from './upstream-client.ts';

/**
 * How one command Hearth publishes on a gateway's `cmd` topic becomes requests to a vendor
 * cloud, honouring what those clouds accept: one kind of field per status POST, temperatures
 * in 0.5 °C steps with their units, full day-keyed programmes, whole (merged) setups, and
 * `modified_auto` for a set point changed in auto. Pure: it reads what is known of the node.
 */

/** One request below `/api/v2/devs/{dev_id}` of the cloud. */
export interface UpstreamWrite {
  method: 'POST';
  path: string;
  body: UpstreamObject;
}

/** What the cloud's update of `path` must show for the write to count as done. */
export interface WriteExpectation {
  path: string;
  fields: UpstreamObject;
}

export type CommandPlan =
  | { kind: 'send'; writes: UpstreamWrite[]; expect: WriteExpectation[] }
  /** Hearth's own business: acknowledged at once, nothing sent to the cloud. */
  | { kind: 'local' }
  | { kind: 'refuse'; error: string };

/** What the link knows of a node from the cloud's snapshot and updates. */
export interface KnownNode {
  /** The cloud's own type when it differs from Hearth's (`htr_mod` is carried as `htr`). */
  upstreamType?: string;
  status?: UpstreamObject;
  setup?: UpstreamObject;
}

const NODE_PATH = /^\/([a-z_]+)\/(\d{1,3})(?:\/([a-z_]+))?$/;
/** System paths forwarded as they are; the cloud answers with an update of the same path. */
const SYSTEM_PATHS = ['/mgr/away_status', '/htr_system/power_limit', '/pmo_system'];

/** A temperature as the clouds take it: a string in half degrees, one decimal. */
export function halfDegree(value: string | number): string {
  return (Math.round(Number(value) * 2) / 2).toFixed(1);
}

function refuse(error: string): CommandPlan {
  return { kind: 'refuse', error };
}

function send(writes: UpstreamWrite[]): CommandPlan {
  return {
    kind: 'send',
    writes,
    expect: writes.map((write) => ({ path: write.path, fields: write.body })),
  };
}

export function planCommand(
  command: GatewayCommand,
  known: (type: string, addr: number) => KnownNode | undefined,
): CommandPlan {
  if (command.path === GEO_DATA_PATH) return { kind: 'local' };
  if (SYSTEM_PATHS.includes(command.path) && command.method === 'POST') {
    const body = command.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return refuse('the body is not an object');
    }
    return send([{ method: 'POST', path: command.path, body: body as UpstreamObject }]);
  }
  const match = NODE_PATH.exec(command.path);
  const type = match === null ? undefined : parseNodeType(match[1] ?? '');
  if (match === null || type === undefined) {
    return refuse(`the linked cloud does not take ${command.method} ${command.path}`);
  }
  const addr = Number(match[2]);
  const write = match[3] ?? '';
  const node = known(type, addr);
  if (node === undefined) return refuse(`no node ${type} ${addr} on the linked cloud`);
  if (node.upstreamType === 'htr_mod') {
    return refuse('writes to this heater family (htr_mod) are not supported by the link yet');
  }
  const base = `/${type}/${addr}`;
  if (command.method === 'DELETE') {
    return refuse("a linked cloud's nodes are erased in its own app");
  }
  const table: Record<string, NodeWriteSpec> = NODE_WRITES;
  const spec = Object.values(table).find((entry) => entry.path === write);
  if (spec === undefined) return refuse(`the linked cloud does not take ${command.path}`);
  const parsed = (spec.bodyForType?.(type) ?? spec.body).safeParse(command.body);
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'the body is not valid');
  const body = parsed.data as UpstreamObject;
  switch (write) {
    case 'status':
    case 'mode':
      return send(statusWrites(base, body, node));
    case 'prog_temps':
      return send(statusWrites(base, body, node));
    case 'lock':
      return send([{ method: 'POST', path: `${base}/status`, body: { locked: body.locked } }]);
    case 'setup':
      if (node.setup === undefined) return refuse('the setup has not been read from the cloud yet');
      return send([{ method: 'POST', path: `${base}/setup`, body: mergeDeep(node.setup, body) }]);
    case 'prog':
      // The schema holds all seven days ("0"–"6"): the clouds replace the whole week.
      return send([{ method: 'POST', path: `${base}/prog`, body }]);
    case 'power_limit':
      return type === 'pmo'
        ? send([{ method: 'POST', path: `${base}/power_limit`, body }])
        : refuse('only a power monitor has a power limit');
    default:
      return refuse(`the linked cloud does not take ${command.path}`);
  }
}

const TEMPERATURE_KEYS = ['ice_temp', 'eco_temp', 'comf_temp'] as const;

/**
 * A status write split by kind: the programme temperatures, then the mode or set point, then
 * the lock, each a POST of its own. A set point without a mode while the node runs its
 * programme goes as `modified_auto`, as the vendor apps send it.
 */
function statusWrites(base: string, body: UpstreamObject, node: KnownNode): UpstreamWrite[] {
  const path = `${base}/status`;
  const units = body.units ?? node.status?.units ?? 'C';
  const writes: UpstreamWrite[] = [];
  const temps: UpstreamObject = {};
  for (const key of TEMPERATURE_KEYS) {
    if (body[key] !== undefined) temps[key] = halfDegree(body[key] as string);
  }
  if (Object.keys(temps).length > 0)
    writes.push({ method: 'POST', path, body: { ...temps, units } });
  const stemp = body.stemp === undefined ? undefined : halfDegree(body.stemp as string);
  const current = node.status?.mode;
  if (body.mode !== undefined) {
    const write: UpstreamObject = { mode: body.mode };
    if (stemp !== undefined) Object.assign(write, { stemp, units });
    if (body.time !== undefined) write.time = body.time;
    writes.push({ method: 'POST', path, body: write });
  } else if (stemp !== undefined) {
    const inAuto = current === 'auto' || current === 'modified_auto';
    writes.push({
      method: 'POST',
      path,
      body: inAuto ? { mode: 'modified_auto', stemp, units } : { stemp, units },
    });
  }
  if (body.locked !== undefined)
    writes.push({ method: 'POST', path, body: { locked: body.locked } });
  return writes;
}

function isPlainObject(value: unknown): value is UpstreamObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `patch` laid over `base` at every depth; lists and other values are replaced whole. */
export function mergeDeep(base: UpstreamObject, patch: UpstreamObject): UpstreamObject {
  const out: UpstreamObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const under = out[key];
    out[key] = isPlainObject(under) && isPlainObject(value) ? mergeDeep(under, value) : value;
  }
  return out;
}

/**
 * Whether an object the cloud reports shows every field a write asked for (temperatures
 * compared as numbers, objects field by field).
 */
export function shows(reported: unknown, fields: unknown): boolean {
  if (isPlainObject(fields)) {
    if (!isPlainObject(reported)) return false;
    return Object.entries(fields).every(([key, value]) => shows(reported[key], value));
  }
  if (Array.isArray(fields)) {
    return (
      Array.isArray(reported) &&
      reported.length === fields.length &&
      fields.every((value, i) => shows(reported[i], value))
    );
  }
  if (typeof fields === 'string' && /^-?\d+(\.\d+)?$/.test(fields)) {
    return reported !== undefined && reported !== null && Number(reported) === Number(fields);
  }
  if (typeof fields === 'boolean' && typeof reported === 'number')
    return Number(fields) === reported;
  return reported === fields;
}
