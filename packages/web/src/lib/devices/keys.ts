/** Query keys of homes and devices; every feature updates or invalidates by these. */
export const deviceKeys = {
  homes: () => ['grouped_devs'] as const,
  nodes: (devId: string) => ['devs', devId, 'mgr', 'nodes'] as const,
  /** The device's realtime state: seeded by `dev_data`, then kept by `update` events. */
  live: (devId: string) => ['devs', devId, 'live'] as const,
  /** The state of the device's socket (connecting, connected, disconnected). */
  socket: (devId: string) => ['devs', devId, 'socket'] as const,
  clock: (devId: string) => ['devs', devId, 'mgr', 'rtc', 'time'] as const,
  power: (devId: string, type: string, addr: number) =>
    ['devs', devId, type, addr, 'power'] as const,
  geoData: (homeId: string) => ['groups', homeId, 'geo_data'] as const,
  pmoSystem: (devId: string) => ['devs', devId, 'pmo_system'] as const,
};
