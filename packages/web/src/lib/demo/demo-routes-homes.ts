import { addDevice } from './demo-add-device';
import { findDevice, findHome, type DemoContext } from './demo-context';
import { groupedHomes, type DemoHome } from './demo-model';
import { route, type DemoRequest, type DemoRoute } from './demo-router';

type Body = Record<string, unknown>;
const bodyOf = (req: DemoRequest): Body =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Body) : {};

const GROUP = '/api/v2/groups/:gid';
const PRESENCE = '/api/notifications/v1/:gid';

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
    route('POST', '/api/v2/devs', (req) => addDevice(ctx, req.body), 201),
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
