/** Query keys of the dashboard's server state; mutations elsewhere update or invalidate by these. */
export const dashboardKeys = {
  homes: () => ['grouped_devs'] as const,
  nodes: (devId: string) => ['devs', devId, 'mgr', 'nodes'] as const,
  /** The device's realtime state: seeded by `dev_data`, then kept by `update` events. */
  live: (devId: string) => ['devs', devId, 'live'] as const,
};
