import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDeviceBody, devNameBody, transferBody } from '@hearth/protocol';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import type { HomesService } from './homes.service';
import { encryptWifiPassword } from './wifi-credentials';

const security = [{ bearer: [] }];
const tags = ['homes'];
const devParams = z.object({ dev: z.string().max(64) });
const devSchema = z.object({
  dev_id: z.string(),
  name: z.string(),
  product_id: z.string(),
  fw_version: z.string(),
  serial_id: z.string(),
});

export interface HomeWriteDeps {
  homes: HomesService;
}

/** Spec 2 §4 device registration, rename, delete and transfer; encrypted wifi credentials. */
export function homeDevicesRoutes(
  deps: HomeWriteDeps & { wifiKey: Buffer },
): FastifyPluginAsyncZod {
  const { homes, wifiKey } = deps;
  return async (app) => {
    app.post(
      '/api/v2/devs',
      {
        schema: {
          tags,
          security,
          description:
            "Add a device to a home (spec 2 §3 add-device payload); a new groupData.id creates the home. 409 device_conflict: the device is already registered; 409 already_registered: groupData.id is someone else's home",
          body: addDeviceBody,
          response: {
            201: devSchema.extend({ group: z.object({ id: z.string(), name: z.string() }) }),
          },
        },
      },
      async (request, reply) => {
        const added = await homes.addDevice(currentUser(request).userId, request.body);
        return reply.status(201).send(added);
      },
    );
    app.delete(
      '/api/v2/devs/:dev',
      {
        schema: {
          tags,
          security,
          params: devParams,
          description: 'Owner only; the gateway becomes unclaimed',
        },
      },
      async (request) => {
        await homes.deleteDevice(currentUser(request).userId, request.params.dev);
        return {};
      },
    );
    app.post(
      '/api/v2/devs/:dev/name',
      {
        schema: {
          tags,
          security,
          summary: 'Rename a device',
          params: devParams,
          body: devNameBody,
        },
      },
      async (request) => {
        await homes.renameDevice(
          currentUser(request).userId,
          request.params.dev,
          request.body.name,
        );
        return { name: request.body.name };
      },
    );
    app.post(
      '/api/v2/devs/:dev/group',
      {
        schema: {
          tags,
          security,
          params: devParams,
          body: transferBody,
          description: "Move to another of the owner's homes, or to a new one (name required then)",
          response: { 200: z.object({ id: z.string() }) },
        },
      },
      async (request) =>
        homes.transferDevice(currentUser(request).userId, request.params.dev, request.body),
    );
    app.get(
      '/api/v2/encrypted_wifi_credentials',
      {
        schema: {
          tags,
          security,
          description:
            'docs/device-protocol.md "Wifi credentials": base64(iv ‖ AES-256-GCM ciphertext ‖ tag)',
          querystring: z.object({
            ssid: z.string().min(1).max(32),
            pass: z.string().max(64),
          }),
          response: { 200: z.object({ encrypted_pass: z.string() }) },
        },
      },
      async (request) => ({
        encrypted_pass: encryptWifiPassword(wifiKey, request.query.ssid, request.query.pass),
      }),
    );
  };
}
