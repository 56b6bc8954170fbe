import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { RenderPowerMonitors } from '../features/dashboard';
import { NodeDetailPage, PowerMonitorPanel, WeatherPage } from './pages';

/** Spec 3 §2 heating-control routes: node detail and weather. Each needs a session. */
export function heatingRoutes(guard: (page: ReactNode) => ReactNode) {
  const page = (path: string, element: ReactNode) => (
    <Route key={path} path={path} element={guard(element)} />
  );
  return [
    page('/homes/:homeId/devs/:devId/:nodeType/:addr', <NodeDetailPage />),
    page('/homes/:homeId/weather', <WeatherPage />),
  ];
}

/** The dashboard's power-monitor tab, from its own feature. */
export const renderPowerMonitors: RenderPowerMonitors = (monitors) => (
  <PowerMonitorPanel monitors={monitors} />
);
