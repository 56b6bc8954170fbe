export { PowerMonitorPanel } from './power-monitor-panel';
export type { PowerMonitorItem } from './components/power-monitor-card';
