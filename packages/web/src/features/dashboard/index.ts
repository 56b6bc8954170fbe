export { DashboardPage } from './dashboard-page';
export type { RenderPowerMonitors } from './components/home-view';
export type { RenderMonthCost } from './dashboard-page';
export type { PowerMonitorEntry } from './use-dashboard';
export type { RenderNodeNotice, NodeNoticeProps } from './components/node-notice-slot';
