import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extraDataBody, geoDataBody, nameBody, presenceConfigBody } from '@hearth/protocol';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import type { HomeWriteDeps } from './home-devices.routes';
import type { QuietHomeService } from './quiet-home.service';

const security = [{ bearer: [] }];
const tags = ['homes'];
const groupParams = z.object({ gid: z.string().max(64) });
const object = z.record(z.string(), z.unknown());
const presenceConfig = z.object({
  email: z.string(),
  enabled: z.boolean(),
  excluded_nodes: z.array(z.object({ devid: z.string(), nodes: z.array(z.number()) })),
});

/** Home name, geo data, extra data (spec 2 §3, §7) and quiet-home notifications (§4). */
export function homesRoutes(
  deps: HomeWriteDeps & { quietHome: QuietHomeService },
): FastifyPluginAsyncZod {
  const { homes, quietHome } = deps;
  return async (app) => {
    app.post(
      '/api/v2/groups/:gid/name',
      { schema: { tags, security, summary: 'Rename a home', params: groupParams, body: nameBody } },
      async (request) => {
        await homes.renameHome(currentUser(request).userId, request.params.gid, request.body.name);
        return { name: request.body.name };
      },
    );
    app.get(
      '/api/v2/groups/:gid/geo_data',
      {
        schema: {
          tags,
          security,
          summary: "The home's geo data: time zone, country, position",
          params: groupParams,
          response: { 200: object },
        },
      },
      async (request) => homes.geoData(currentUser(request).userId, request.params.gid),
    );
    app.post(
      '/api/v2/groups/:gid/geo_data',
      {
        schema: {
          tags,
          security,
          params: groupParams,
          body: geoDataBody,
          description:
            'Merged into the stored geo data; every device of the home gets a /geo_data update',
          response: { 200: object },
        },
      },
      async (request) =>
        homes.setGeoData(currentUser(request).userId, request.params.gid, request.body),
    );
    app.get(
      '/api/v2/groups/:gid/extra_data',
      {
        schema: {
          tags,
          security,
          summary: "The home's extra data, as the app stored it",
          params: groupParams,
          response: { 200: object },
        },
      },
      async (request) => homes.extraData(currentUser(request).userId, request.params.gid),
    );
    app.post(
      '/api/v2/groups/:gid/extra_data',
      {
        schema: {
          tags,
          security,
          summary: "Store the home's extra data",
          params: groupParams,
          body: extraDataBody,
          response: { 200: object },
        },
      },
      async (request) =>
        homes.setExtraData(currentUser(request).userId, request.params.gid, request.body),
    );
    app.get(
      '/api/notifications/v1/:gid/presence/config',
      {
        schema: {
          tags,
          security,
          summary: "The home's quiet-home notification settings",
          params: groupParams,
          response: { 200: presenceConfig },
        },
      },
      async (request) => quietHome.get(currentUser(request).userId, request.params.gid),
    );
    app.post(
      '/api/notifications/v1/:gid/presence/config',
      {
        schema: {
          tags,
          security,
          params: groupParams,
          body: presenceConfigBody,
          description: '429 too_many_changes when saved too often in one hour',
          response: { 200: presenceConfig },
        },
      },
      async (request) =>
        quietHome.set(currentUser(request).userId, request.params.gid, request.body),
    );
    app.post(
      '/api/notifications/v1/:gid/test',
      {
        schema: {
          tags,
          security,
          params: groupParams,
          description: 'Sends a test notification e-mail to the configured address',
          response: { 200: z.object({ email: z.string() }) },
        },
      },
      async (request) => quietHome.test(currentUser(request).userId, request.params.gid),
    );
  };
}
