import type { NodeType } from '@hearth/protocol';

/** A calendar day, month 1-based. */
export interface RecordsDay {
  year: number;
  month: number;
  day: number;
}

/** App routes of spec 3 §2 "Routes" (and spec 2 for home screens), built in one place. */
export const routes = {
  dashboard: (homeIndex?: number, tabIndex?: number) => {
    const q = new URLSearchParams();
    if (homeIndex !== undefined) q.set('homeIndex', String(homeIndex));
    if (tabIndex !== undefined) q.set('tabIndex', String(tabIndex));
    const s = q.toString();
    return s ? `/?${s}` : '/';
  },
  node: (homeId: string, devId: string, type: NodeType, addr: number) =>
    `/homes/${encodeURIComponent(homeId)}/devs/${encodeURIComponent(devId)}/${type}/${addr}`,
  nodeSettings: (homeId: string, devId: string, type: NodeType, addr: number) =>
    `${routes.node(homeId, devId, type, addr)}/settings`,
  nodeSchedule: (homeId: string, devId: string, type: NodeType, addr: number) =>
    `${routes.node(homeId, devId, type, addr)}/schedule`,
  /** Spec 3 §2: records open with today's date (`useNodeRecordsLink` gives the device's). */
  nodeRecords: (homeId: string, devId: string, type: NodeType, addr: number, today: RecordsDay) =>
    `${routes.node(homeId, devId, type, addr)}/records?day=${today.day}&month=${
      today.month
    }&year=${today.year}`,
  homeRecords: (homeId: string, type: NodeType) =>
    `/homes/${encodeURIComponent(homeId)}/system/${type}/records`,
  homeConfig: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/config`,
  weather: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/weather`,
  /** A home's holidays and one-off days (docs/comfort.md). */
  holidays: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/holidays`,
  /** A room's comfort: optimum start, open-window detection, what it learned and decided. */
  nodeComfort: (homeId: string, devId: string, type: NodeType, addr: number) =>
    `${routes.node(homeId, devId, type, addr)}/comfort`,
  /** Spec 2 §2: the add-home wizard's first step. */
  addHome: '/list/addHome/homeData',
  /**
   * Spec 2 §1/§2: installing nodes through discovery starts at /homes/{homeId}/addNode (the
   * device choice, skipped with one gateway); it is the dashboard's add-devices tool.
   */
  addNode: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/addNode`,
  addDevice: (homeId: string) =>
    `/list/homes/${encodeURIComponent(homeId)}/devices/addDevice/deviceDetection`,
  deviceSettings: (homeId: string, devId: string) =>
    `/list/homes/${encodeURIComponent(homeId)}/devices/${encodeURIComponent(devId)}/settings`,
  /**
   * The multiple-node configuration of the dashboard's selection (spec 1 §2): the weekly
   * schedule of the selected nodes at once ("nodes=devId.type.addr,…").
   */
  multiNodeSchedule: (
    homeId: string,
    nodes: ReadonlyArray<{ devId: string; type: NodeType; addr: number }>,
  ) =>
    `/homes/${encodeURIComponent(homeId)}/schedule?nodes=${nodes
      .map((n) => `${n.devId}.${n.type}.${n.addr}`)
      .join(',')}`,
};
