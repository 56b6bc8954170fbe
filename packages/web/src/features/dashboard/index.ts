export { DashboardPage } from './dashboard-page';
export type { RenderPowerMonitors } from './components/home-view';
export type { PowerMonitorEntry } from './use-dashboard';
