export {
  startFleet,
  createGatewayModel,
  windowsOption,
  DEFAULT_REPORT_INTERVAL_MS,
  type Fleet,
} from './fleet';
export { SimGateway } from './gateway';
export type { FleetOptions, GatewaySpec, NodeSpec, Logger, WindowsOption } from './types';
export { ManualClock, realClock, scaledClock, type SimClock } from '@hearth/device-model';
export { gatewaySecret, simDevId } from './identity';
export { PRESETS, type SimNode, type HeaterNode, type MeterNode } from '@hearth/device-model';
export { GatewayModel } from '@hearth/device-model';
export { startSoftAp, type SoftAp, type SoftApOptions } from './softap';
export { generateHistory, type HistoryOptions } from '@hearth/device-model';
