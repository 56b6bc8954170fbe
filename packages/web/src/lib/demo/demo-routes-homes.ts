import { addDevice } from './demo-add-device';
import { findDevice, findHome, forgetExcluded, type DemoContext } from './demo-context';
import {
  devNameBody,
  extraDataBody,
  geoDataBody,
  nameBody,
  presenceConfigBody,
  transferBody,
} from '@hearth/protocol';
import { wifiCredentialsQuery } from './demo-home-schemas';
import { groupedHomes, type DemoHome } from './demo-model';
import { route, type DemoRequest, type DemoRoute } from './demo-router';
import { badRequest, parseBody } from './demo-validate';

const GROUP = '/api/v2/groups/:gid';
const PRESENCE = '/api/notifications/v1/:gid';

/**
 * Homes and devices of docs/wire-contract.md §5 (lists, names, geo and extra data, presence);
 * guests and invitations are the sharing routes' (demo-routes-sharing.ts).
 */
export function homeRoutes(ctx: DemoContext): DemoRoute[] {
  const home = (req: DemoRequest) => findHome(ctx, req.params[0] ?? '');
  const emitGeo = (h: DemoHome, only?: string) =>
    h.devIds
      .filter((id) => only === undefined || id === only)
      .forEach((id) => ctx.emit(id, { path: '/geo_data', body: { ...h.geo } }));
  /** As the server: a device leaving a home leaves its quiet-home exclusions; an empty home goes. */
  const leave = (h: DemoHome, devId: string) => {
    h.devIds = h.devIds.filter((id) => id !== devId);
    forgetExcluded(h, devId);
    if (h.devIds.length === 0) ctx.world.homes = ctx.world.homes.filter((x) => x !== h);
  };
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
      leave(findHome(ctx, dev.homeId), dev.devId);
    }),
    route('POST', '/api/v2/devs/:dev/name', (req) => {
      const dev = findDevice(ctx, req.params[0] ?? '');
      const { name } = parseBody(devNameBody, req.body);
      dev.name = name;
      return { name };
    }),
    route('POST', '/api/v2/devs/:dev/group', (req) => {
      const dev = findDevice(ctx, req.params[0] ?? '');
      const to = parseBody(transferBody, req.body);
      const from = findHome(ctx, dev.homeId);
      if (to.id === from.id) return { id: from.id };
      let target = ctx.world.homes.find((h) => h.id === to.id);
      if (!target) {
        if (!to.name) throw badRequest('name is required to create a new home');
        target = {
          id: to.id,
          name: to.name,
          geo: { ...from.geo },
          extra: {},
          presence: { email: '', enabled: false, excluded_nodes: [] },
          devIds: [],
        };
        ctx.world.homes.push(target);
      }
      target.devIds.push(dev.devId);
      dev.homeId = target.id;
      if (typeof target.geo.tz_code === 'string') dev.model.timezone = target.geo.tz_code;
      leave(from, dev.devId);
      emitGeo(target, dev.devId);
      return { id: target.id };
    }),
    route('POST', `${GROUP}/name`, (req) => {
      const h = home(req);
      const { name } = parseBody(nameBody, req.body);
      h.name = name;
      return { name };
    }),
    route('GET', `${GROUP}/geo_data`, (req) => ({ ...home(req).geo })),
    route('POST', `${GROUP}/geo_data`, (req) => {
      const h = home(req);
      const body = parseBody(geoDataBody, req.body);
      if (
        body.country !== undefined &&
        body.country !== h.geo.country &&
        (body.state === undefined || body.zip === undefined)
      )
        throw badRequest('changing the country needs its state and zip too');
      h.geo = {
        ...h.geo,
        ...body,
        ...(body.zip === undefined ? {} : { zip: body.zip.toUpperCase() }),
      };
      if (typeof h.geo.tz_code === 'string')
        for (const id of h.devIds) {
          const dev = ctx.world.devices.get(id);
          if (dev) dev.model.timezone = h.geo.tz_code;
        }
      emitGeo(h);
      return { ...h.geo };
    }),
    route('GET', `${GROUP}/extra_data`, (req) => structuredClone(home(req).extra)),
    route('POST', `${GROUP}/extra_data`, (req) => {
      const h = home(req);
      h.extra = { ...h.extra, ...parseBody(extraDataBody, req.body) };
      return structuredClone(h.extra);
    }),
    route('GET', `${PRESENCE}/presence/config`, (req) => structuredClone(home(req).presence)),
    route('POST', `${PRESENCE}/presence/config`, (req) => {
      const h = home(req);
      const body = parseBody(presenceConfigBody, req.body);
      const foreign = body.excluded_nodes.find((e) => !h.devIds.includes(e.devid.toLowerCase()));
      if (foreign)
        throw badRequest(
          `excluded_nodes names ${foreign.devid}, which is not a device of this home`,
        );
      h.presence = {
        email: body.email,
        enabled: body.enabled,
        excluded_nodes: body.excluded_nodes.map((e) => ({
          devid: e.devid,
          nodes: [...new Set(e.nodes)],
        })),
      };
      return structuredClone(h.presence);
    }),
    route('POST', `${PRESENCE}/test`, (req) => {
      const { email } = home(req).presence;
      if (!email) throw badRequest('no e-mail address to send the test to');
      // No mail leaves the demo.
      return { email };
    }),
    route('GET', '/api/v2/encrypted_wifi_credentials', (req) => {
      parseBody(wifiCredentialsQuery, Object.fromEntries(req.query), 'querystring');
      return { encrypted_pass: 'demo' };
    }),
  ];
}
