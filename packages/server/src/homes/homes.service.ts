import type { AddDeviceBody, GeoDataBody } from '@hearth/protocol';
import { buildDevicePath, type Dev } from '@hearth/protocol';
import { presentDev } from '../devices/devices.presenter';
import { errors, type HttpError } from '../errors';
import type { GatewayCommands } from '../gateway/commands.service';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { GroupRow } from '../repositories/homes.repository';
import type { UsersRepository } from '../repositories/users.repository';
import { storedObjectSchema, storedOr, type StoredShapeLog } from '../stored-shape';
import type { HomeAccess } from './home-access';
import type { HomesAdminRepository } from './homes-admin.repository';
import { addressProblem } from './homes.schemas';

export interface HomesServiceDeps {
  homes: HomesAdminRepository;
  devices: DevicesRepository;
  access: HomeAccess;
  realtime: RealtimeEmitter;
  /** Tells gateways their home's geo data (the time zone sets the device clock). */
  gateways: Pick<GatewayCommands, 'sendGeoData'>;
  users: Pick<UsersRepository, 'findById'>;
  /** Told of stored home data that is not in its documented shape. */
  log?: StoredShapeLog;
}

/** Registration, rename, delete and transfer of devices; home name, geo data and extra data. */
export function createHomesService({
  homes,
  devices,
  access,
  realtime,
  gateways,
  users,
  log,
}: HomesServiceDeps) {
  /** A home's stored geo or extra data; `{}` when it is not an object (docs/wire-contract.md: an object). */
  const homeData = (home: GroupRow, key: 'geoData' | 'extraData') =>
    storedOr(storedObjectSchema, home[key], {}, `home ${home.id} ${key}`, log);
  /**
   * Every device of the home gets the home's geo data: stored, pushed (docs/wire-contract.md §7 `/geo_data`)
   * and sent to the gateway, whose clock and programme follow the home's time zone.
   */
  async function fanOutGeo(groupId: string, geo: Record<string, unknown>, only?: string) {
    const ids = only ? [only] : await homes.devIdsOf(groupId);
    for (const devId of ids) {
      await devices.putState(devId, buildDevicePath('geo_data'), geo);
      realtime.update(devId, { kind: 'geo_data' }, geo);
      await gateways.sendGeoData(devId, geo);
    }
  }

  /**
   * An existing home of the user, or a new one with that id. Someone else's home is not found
   * (docs/wire-contract.md §6) where a home is named to move a device to; where a device is registered with a
   * new home's id (spec 2 §8) it is the 409 "Home already registered".
   */
  async function targetHome(
    userId: string,
    id: string,
    name: string | undefined,
    geo: () => Record<string, unknown>,
    othersHome: () => HttpError = () => errors.missing('home'),
  ) {
    const existing = await homes.findHome(id);
    if (existing) {
      if (existing.ownerId !== userId) throw othersHome();
      return { home: existing, created: false };
    }
    if (!name) throw errors.validation('name is required to create a new home');
    // A deleted account's token stays valid until it expires: it creates no home (docs/wire-contract.md §1:
    // 401 for a bad token, never a 500).
    if (!(await users.findById(userId))) throw errors.badToken();
    return {
      home: await homes.createHome({ id, ownerId: userId, name, geoData: geo() }),
      created: true,
    };
  }

  return {
    async addDevice(
      userId: string,
      body: AddDeviceBody,
    ): Promise<Dev & { group: { id: string; name: string } }> {
      const geo = {
        country: body.country,
        state: body.state,
        city: body.city,
        zip: body.zip.trim().toUpperCase(),
        tz_code: body.tz_code,
      };
      const problem = addressProblem(geo);
      if (problem) throw errors.validation(problem);
      const known = await devices.find(body.dev_id);
      if (known?.groupId) {
        const mine = await homes.roleOfHome(userId, known.groupId);
        if (mine?.role === 'owner')
          throw errors.deviceConflict(
            `Device ${body.dev_id} is already registered in your home "${mine.home.name}"`,
          );
        throw errors.deviceConflict(`Device ${body.dev_id} belongs to another account`);
      }
      const { home, created } = await targetHome(
        userId,
        body.groupData.id,
        body.groupData.name,
        () => geo,
        () => errors.alreadyRegistered('Home already registered'),
      );
      const claimed = await homes.claimFree(body.dev_id, home.id, {
        name: body.name,
        productId: body.product_id,
        serialId: body.serial_id,
      });
      if (!claimed) {
        if (created) await homes.deleteIfEmpty(home.id);
        throw errors.deviceConflict(`Device ${body.dev_id} belongs to another account`);
      }
      await fanOutGeo(home.id, created ? geo : homeData(home, 'geoData'), body.dev_id);
      const row = await devices.find(body.dev_id);
      if (!row) throw new Error('claimed device vanished');
      return { ...presentDev(row), group: { id: home.id, name: home.name } };
    },

    async deleteDevice(userId: string, devId: string): Promise<void> {
      const { groupId } = await access.ownedDev(userId, devId);
      await homes.releaseDev(devId);
      // Its nodes are gone from the home: so are their quiet-home exclusions (spec 2 §4).
      await homes.removeExcluded(groupId, devId);
      await homes.deleteIfEmpty(groupId);
      realtime.revalidate(devId);
    },

    async renameDevice(userId: string, devId: string, name: string): Promise<void> {
      await access.ownedDev(userId, devId);
      await homes.renameDev(devId, name);
    },

    async transferDevice(
      userId: string,
      devId: string,
      to: { id: string; name?: string | undefined },
    ) {
      const { groupId } = await access.ownedDev(userId, devId);
      if (to.id === groupId) return { id: groupId };
      const from = await homes.findHome(groupId);
      const { home } = await targetHome(userId, to.id, to.name, () =>
        from ? homeData(from, 'geoData') : {},
      );
      await homes.moveDev(devId, home.id);
      await homes.removeExcluded(groupId, devId);
      await fanOutGeo(home.id, homeData(home, 'geoData'), devId);
      await homes.deleteIfEmpty(groupId);
      realtime.revalidate(devId);
      return { id: home.id };
    },

    async renameHome(userId: string, groupId: string, name: string): Promise<void> {
      await access.home(userId, groupId, 'owner');
      await homes.updateHome(groupId, { name });
    },

    async geoData(userId: string, groupId: string): Promise<Record<string, unknown>> {
      return homeData((await access.home(userId, groupId)).home, 'geoData');
    },

    async setGeoData(
      userId: string,
      groupId: string,
      body: GeoDataBody,
    ): Promise<Record<string, unknown>> {
      const { home } = await access.home(userId, groupId, 'owner');
      const patch = body.zip === undefined ? body : { ...body, zip: body.zip.toUpperCase() };
      const stored = homeData(home, 'geoData');
      const geo = { ...stored, ...patch };
      // A new country needs its own region and postcode, never the old country's.
      if (
        body.country !== undefined &&
        body.country !== stored.country &&
        (body.state === undefined || body.zip === undefined)
      )
        throw errors.validation('changing the country needs its state and zip too');
      const problem = addressProblem(geo);
      if (problem) throw errors.validation(problem);
      await homes.updateHome(groupId, { geoData: geo });
      await fanOutGeo(groupId, geo);
      return geo;
    },

    async extraData(userId: string, groupId: string): Promise<Record<string, unknown>> {
      return homeData((await access.home(userId, groupId)).home, 'extraData');
    },

    async setExtraData(userId: string, groupId: string, body: Record<string, unknown>) {
      const { home } = await access.home(userId, groupId, 'owner');
      const extra = { ...homeData(home, 'extraData'), ...body };
      await homes.updateHome(groupId, { extraData: extra });
      return extra;
    },
  };
}
export type HomesService = ReturnType<typeof createHomesService>;
