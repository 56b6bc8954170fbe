import { DEMO_DEVICE_ID } from '@hearth/protocol';
import { findDevice, findHome, type DemoContext } from './demo-context';
import { createDemoWorld, groupedHomes, type DemoHome } from './demo-model';
import type { DemoHomeSpec } from './demo-homes';
import { DemoHttpFailure, route, type DemoRequest, type DemoRoute } from './demo-router';

type Body = Record<string, unknown>;
const bodyOf = (req: DemoRequest): Body =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Body) : {};

const GROUP = '/api/v2/groups/:gid';
const PRESENCE = '/api/notifications/v1/:gid';

/** A sample gateway for the add-device wizard: two heaters and a power monitor. */
function sampleDevice(ctx: DemoContext, home: DemoHome, devId: string, name: string): void {
  const spec: DemoHomeSpec = {
    id: home.id,
    name: home.name,
    timeZone: typeof home.geo.tz_code === 'string' ? home.geo.tz_code : 'UTC',
    geo: { country: '', state: '', city: '', zip: '', lat: 0, lon: 0 },
    gateways: [
      {
        devId,
        name,
        meter: 'Meter',
        heaters: [
          { name: 'Heater 1', type: 'htr', ratedW: 1000 },
          { name: 'Heater 2', type: 'htr', ratedW: 750 },
        ],
      },
    ],
  };
  const dev = createDemoWorld([spec]).devices.get(devId);
  if (dev) ctx.world.devices.set(devId, dev);
  home.devIds.push(devId);
}

/** Adds a device (spec 2 §3 payload) to a home of the demo, or to a new one. */
function addDevice(ctx: DemoContext, b: Body): void {
  const devId = String(b.dev_id ?? DEMO_DEVICE_ID).toLowerCase();
  // As the server answers (API.md §3): the registration then finds it among the user's devices
  // and goes to its home (spec 2 §4) instead of stopping as on a refused payload.
  if (ctx.world.devices.has(devId))
    throw new DemoHttpFailure(409, 'device_conflict', 'The device is already registered');
  const group = (b.groupData ?? {}) as { id?: string; name?: string };
  let home = ctx.world.homes.find((h) => h.id === group.id);
  if (!home) {
    home = {
      id:
        group.id ??
        `00000000-0000-4000-8000-${String(ctx.world.homes.length + 1).padStart(12, '0')}`,
      name: group.name ?? 'Home',
      geo: {
        country: b.country,
        state: b.state,
        city: b.city,
        zip: b.zip,
        tz_code: b.tz_code,
      },
      extra: {},
      presence: { enabled: false, excluded_nodes: [] },
      devIds: [],
    };
    ctx.world.homes.push(home);
  }
  sampleDevice(ctx, home, devId, String(b.name ?? 'Gateway'));
}

/** Homes and devices of API.md §5 (lists, names, geo and extra data, guests, presence). */
export function homeRoutes(ctx: DemoContext): DemoRoute[] {
  const home = (req: DemoRequest) => findHome(ctx, req.params[0] ?? '');
  const guests = new Map<string, string[]>();
  const emitGeo = (h: DemoHome) =>
    h.devIds.forEach((id) => ctx.emit(id, { path: '/geo_data', body: { ...h.geo } }));
  return [
    route('GET', '/api/v2/grouped_devs', () => groupedHomes(ctx.world)),
    route('GET', '/api/v2/devs', () => ({
      devs: groupedHomes(ctx.world).flatMap((h) => h.devs),
      invited_to: [],
    })),
    route('POST', '/api/v2/devs', (req) => addDevice(ctx, bodyOf(req))),
    route('DELETE', '/api/v2/devs/:dev', (req) => {
      const dev = findDevice(ctx, req.params[0] ?? '');
      ctx.world.devices.delete(dev.devId);
      for (const h of ctx.world.homes) h.devIds = h.devIds.filter((id) => id !== dev.devId);
    }),
    route('POST', '/api/v2/devs/:dev/name', (req) => {
      findDevice(ctx, req.params[0] ?? '').name = String(bodyOf(req).name ?? '');
    }),
    route('POST', '/api/v2/devs/:dev/group', (req) => {
      const dev = findDevice(ctx, req.params[0] ?? '');
      const target = findHome(ctx, String(bodyOf(req).id ?? ''));
      for (const h of ctx.world.homes) h.devIds = h.devIds.filter((id) => id !== dev.devId);
      target.devIds.push(dev.devId);
      dev.homeId = target.id;
    }),
    route('POST', `${GROUP}/name`, (req) => {
      home(req).name = String(bodyOf(req).name ?? '');
    }),
    route('GET', `${GROUP}/geo_data`, (req) => ({ ...home(req).geo })),
    route('POST', `${GROUP}/geo_data`, (req) => {
      const h = home(req);
      h.geo = { ...h.geo, ...bodyOf(req) };
      if (typeof h.geo.tz_code === 'string')
        for (const id of h.devIds) {
          const dev = ctx.world.devices.get(id);
          if (dev) dev.timeZone = h.geo.tz_code;
        }
      emitGeo(h);
    }),
    route('GET', `${GROUP}/extra_data`, (req) => structuredClone(home(req).extra)),
    route('POST', `${GROUP}/extra_data`, (req) => {
      const h = home(req);
      h.extra = { ...h.extra, ...structuredClone(bodyOf(req)) };
    }),
    route('GET', `${GROUP}/guest_users`, (req) => ({
      guest_users: (guests.get(home(req).id) ?? []).map((email) => ({ email })),
    })),
    // Invitations stay in the browser, as the demo's other changes do: the guest list shows
    // them until the demo ends, and no mail is sent.
    route('POST', '/api/v2/users/:uid/invite', (req) => {
      const b = bodyOf(req);
      const id = findHome(ctx, String(b.groupid ?? '')).id;
      const email = String(b.email ?? '');
      const list = guests.get(id) ?? [];
      if (!list.includes(email)) guests.set(id, [...list, email]);
    }),
    route('DELETE', '/api/v2/users/:uid/invite', (req) => {
      const b = bodyOf(req);
      const id = findHome(ctx, String(b.groupid ?? '')).id;
      guests.set(
        id,
        (guests.get(id) ?? []).filter((email) => email !== String(b.email ?? '')),
      );
    }),
    route('GET', `${PRESENCE}/presence/config`, (req) => structuredClone(home(req).presence)),
    route('POST', `${PRESENCE}/presence/config`, (req) => {
      const h = home(req);
      h.presence = {
        ...h.presence,
        ...(structuredClone(bodyOf(req)) as Partial<DemoHome['presence']>),
      };
    }),
    route('POST', `${PRESENCE}/test`, () => ({})),
    route('GET', '/api/v2/encrypted_wifi_credentials', () => ({ encrypted_pass: 'demo' })),
  ];
}
