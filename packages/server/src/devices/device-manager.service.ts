import type { DeviceClock, DevicePathKind, PmoSystem } from '@hearth/protocol';
import {
  advanceDeviceClock,
  buildDevicePath,
  formatPowerLimit,
  isDeviceClock,
  isValidMaxPower,
  POWER_LIMIT_MAX_W,
  POWER_LIMIT_MIN_W,
  POWER_LIMIT_NONE,
  POWER_LIMITLESS,
} from '@hearth/protocol';
import { errors } from '../errors';
import type { CommandsService } from '../gateway/commands.service';
import type { DevicesRepository, DevRow } from '../repositories/devices.repository';
import type { HomesRepository } from '../repositories/homes.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { StoredShapeLog } from '../stored-shape';
import { zoneTime } from './device-time';
import { type DiscoveryState, presentDeviceObject, presentPowerLimit } from './devices.presenter';

export interface DeviceManagerDeps {
  devices: DevicesRepository;
  homes: HomesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  now?: () => number;
  /** Told of stored objects that are not in their documented shape. */
  log?: StoredShapeLog;
}

export type { DiscoveryState };

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Device-level objects (docs/wire-contract.md §5 per-device table): read, or write as desired state + command. */
export function createDeviceManagerService(deps: DeviceManagerDeps) {
  const { devices, homes, commands, realtime } = deps;
  const now = deps.now ?? Date.now;
  type ObjectPath = Parameters<typeof presentDeviceObject>[1];
  async function read<P extends ObjectPath>(devId: string, path: P) {
    return presentDeviceObject(devId, path, await devices.getState(devId, path), deps.log);
  }
  /** A device object's desired state, at its path: stored, shown to the sockets and sent. */
  async function write<T>(
    devId: string,
    kind: DevicePathKind,
    desired: T,
    command: unknown,
  ): Promise<T> {
    const path = buildDevicePath(kind);
    await devices.putState(devId, path, desired);
    realtime.update(devId, { kind }, desired);
    await commands.send(devId, 'POST', path, command);
    return desired;
  }
  return {
    awayStatus: (devId: string) => read(devId, '/mgr/away_status'),
    async setAwayStatus(devId: string, body: { away: boolean; enabled?: boolean }) {
      const current = await read(devId, '/mgr/away_status');
      return write(devId, 'away_status', { ...current, ...body }, body);
    },
    discovery: (devId: string) => read(devId, '/mgr/discovery'),
    setDiscovery(devId: string, body: DiscoveryState) {
      return write(devId, 'discovery', body, body);
    },
    /** The gateway's last published clock moved on by the time since, else the home's zone clock. */
    async time(dev: DevRow): Promise<DeviceClock> {
      const entry = await devices.getStateEntry(dev.devId, '/mgr/rtc/time');
      if (entry && isDeviceClock(entry.body)) {
        const clock = advanceDeviceClock(entry.body, now() - entry.updatedAt.getTime());
        // Whole numbers that are no date (a year of 1e20) move on to NaN: the zone clock then.
        if (Object.values(clock).every(Number.isFinite)) return clock;
        deps.log?.warn(
          { where: `${dev.devId} /mgr/rtc/time` },
          'stored clock is no date; answering the zone clock',
        );
      }
      const geo = asObject(await devices.getState(dev.devId, '/geo_data'));
      const home = dev.groupId ? await homes.findById(dev.groupId) : undefined;
      const tz = geo?.tz_code ?? home?.geoData.tz_code;
      return zoneTime(now(), typeof tz === 'string' ? tz : undefined);
    },
    async powerLimit(devId: string): Promise<{ power_limit: string }> {
      return presentPowerLimit(await devices.getState(devId, '/htr_system/power_limit'));
    },
    setPowerLimit(devId: string, watts: number) {
      const body = { power_limit: formatPowerLimit(watts) };
      return write(devId, 'htr_power_limit', body, body);
    },
    pmoSystem: (devId: string) => read(devId, '/pmo_system'),
    setPmoSystem(devId: string, body: PmoSystem) {
      const profiles = body.max_power_config.profiles.length;
      // Spec 3 §5: a profile limits to 1000–60000 W, or is 0 (none, an empty value) or -1
      // (limitless).
      const value = body.max_power_config.profiles.find(
        (p) => p !== POWER_LIMITLESS && p !== POWER_LIMIT_NONE && !isValidMaxPower(p),
      );
      if (value !== undefined)
        throw errors.validation(
          `profile value ${value} must be ${POWER_LIMIT_MIN_W}–${POWER_LIMIT_MAX_W} W, 0 (none) or -1 (limitless)`,
        );
      const bad = body.max_power_config.slots.find((s) => s.i >= profiles);
      if (bad)
        throw errors.validation(
          `slot at minute ${bad.m} names profile ${bad.i}, but there are ${profiles}`,
        );
      return write(devId, 'pmo_system', body, body);
    },
  };
}
export type DeviceManagerService = ReturnType<typeof createDeviceManagerService>;
