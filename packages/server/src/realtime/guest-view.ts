import {
  scopeWindowProblem,
  type DevData,
  type DeviceObjectAt,
  type DevicePathKind,
  type GuestScope,
} from '@hearth/protocol';

/**
 * What a guest's socket may hear of a device (docs/sharing.md "Realtime"): the guest's scope
 * and the home's time zone, read when the socket connects. Owners and residents have none.
 */
export interface GuestView {
  scope: GuestScope;
  timeZone: string;
}

/**
 * Rooms of a device's sockets. Owners, residents and guests whose scope names no rooms join
 * the device's own room (`devId`) and hear everything; a guest whose scope names rooms joins
 * instead the device's guest room and one room per shared node, and hears only those.
 */
export const guestRoom = (devId: string) => `${devId}#guests`;
export const nodeRoom = (devId: string, type: string, addr: number) => `${devId}#${type}/${addr}`;

/**
 * Device objects a scoped guest hears: whether the gateway is online, its clock, away and
 * where the home is. Never the list of every node, the power meter, the home's power limit
 * or device discovery: those are about rooms and wiring the guest was not given.
 */
export const GUEST_DEVICE_KINDS: ReadonlySet<DevicePathKind> = new Set<DevicePathKind>([
  'connected',
  'rtc_time',
  'away_status',
  'geo_data',
]);

/** Whether a guest's view limits the rooms (else the guest hears the device as a resident). */
export const limitsRooms = (view: GuestView | undefined): view is GuestView =>
  view !== undefined && view.scope.nodes !== undefined;

/** The rooms a socket of `devId` joins. */
export function roomsOf(devId: string, view: GuestView | undefined): string[] {
  if (!limitsRooms(view)) return [devId];
  const nodes = (view.scope.nodes ?? []).filter((n) => n.devId === devId);
  return [guestRoom(devId), ...nodes.map((n) => nodeRoom(devId, n.type, n.addr))];
}

/** The rooms besides the device's own that an update of `at` goes to. */
export function guestRoomsOf(devId: string, at: DeviceObjectAt): string[] {
  if ('type' in at) return [nodeRoom(devId, at.type, at.addr)];
  return GUEST_DEVICE_KINDS.has(at.kind) ? [guestRoom(devId)] : [];
}

/** The `dev_data` snapshot as a scoped guest sees it: only the shared nodes. */
export function guestSnapshot(snapshot: DevData, devId: string, view: GuestView): DevData {
  const nodes = view.scope.nodes;
  if (!nodes) return snapshot;
  const shared = (n: { type: string; addr: number }) =>
    nodes.some((s) => s.devId === devId && s.type === n.type && s.addr === n.addr);
  return { ...snapshot, nodes: snapshot.nodes.filter(shared) };
}

/** Whether the guest's access is outside its dates or weekly hours at `now`. */
export function windowClosed(view: GuestView, now = Date.now()): boolean {
  return scopeWindowProblem(view.scope, now, view.timeZone) !== null;
}

/** Whether a view has dates or weekly hours at all (else it never closes by itself). */
export const hasWindow = (view: GuestView): boolean =>
  view.scope.validFrom !== undefined ||
  view.scope.validTo !== undefined ||
  (view.scope.weekly?.length ?? 0) > 0;

/** Whether two views give the same rights (a socket whose rights changed is closed). */
export function sameView(a: GuestView | undefined, b: GuestView | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.timeZone === b.timeZone && canonical(a.scope) === canonical(b.scope);
}

/** JSON with keys sorted, so the same scope read twice compares equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
