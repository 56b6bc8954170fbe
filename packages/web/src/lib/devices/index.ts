export { deviceKeys } from './keys';
export { compareHomeIds, getHomes, homesQueryOptions, useHomes } from './get-homes';
export { getNodes, nodesQueryOptions, useNodes } from './get-nodes';
export {
  mergeNodes,
  nodeKey,
  toMgrNodes,
  applyDevData,
  applyUpdate,
  type DeviceState,
  type LiveNode,
} from './device-state';
export { applyDevDataToCache, applyUpdateToCache } from './device-cache';
export { deviceStateQuery, useDeviceStates, type DeviceStateRead } from './device-state-query';
export { useDeviceRealtime, useLiveDevice, useSocketStatus } from './use-device-realtime';
export { useNodeRecordsLink } from './use-node-records-link';
export { usePmoSystem } from './pmo-system';
export { DeviceSockets } from './device-sockets';
export {
  useHomeDevices,
  deviceConnected,
  homeConnected,
  homeAway,
  homeTimeZone,
  type HomeDevice,
} from './home-devices';
export { formatCalendarDate, formatHomeDateTime, useHomeClock } from './use-home-clock';
export { formatTemperature } from './format-temperature';
export {
  heaterPlan,
  programmeNow,
  type HeaterPlan,
  type PlanProfile,
  type PlanStep,
  type PlanTime,
} from './heater-plan';
export { formatKilowattNumber, formatKilowatts } from './format-power';
export * from './device-paths';
export * from './node-commands';
export * from './node-routes';
export * from './temperature-limits';
export { changeSetup, wireSetup } from './node-setup';
export {
  NODE_SORT_METHODS,
  sortNodes,
  useNodeSortMethod,
  useNodeSortStore,
  type NodeSortMethod,
} from './node-sort';
