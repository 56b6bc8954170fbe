import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { RenderNodeNotice, RenderPowerMonitors } from '../features/dashboard';
import type { RenderRoomComfort } from '../features/node-detail';
import {
  CardComfortNotice,
  HolidaysPage,
  NodeDetailPage,
  PowerMonitorPanel,
  RoomComfortPage,
  RoomComfortPanel,
  WeatherPage,
} from './pages';

/** The node detail's comfort part (window notice, warm-up, the way to its settings). */
const renderRoomComfort: RenderRoomComfort = (props) => <RoomComfortPanel {...props} />;
/** A dashboard card's comfort notice (window open, warming up). */
export const renderNodeNotice: RenderNodeNotice = (props) => <CardComfortNotice {...props} />;

/**
 * Spec 3 §2 heating-control routes: node detail and weather; a room's comfort and a home's
 * holidays (docs/comfort.md). Each needs a session.
 */
export function heatingRoutes(guard: (page: ReactNode) => ReactNode) {
  const page = (path: string, element: ReactNode) => (
    <Route key={path} path={path} element={guard(element)} />
  );
  return [
    page(
      '/homes/:homeId/devs/:devId/:nodeType/:addr',
      <NodeDetailPage renderComfort={renderRoomComfort} />,
    ),
    page('/homes/:homeId/devs/:devId/:nodeType/:addr/comfort', <RoomComfortPage />),
    page('/homes/:homeId/holidays', <HolidaysPage />),
    page('/homes/:homeId/weather', <WeatherPage />),
  ];
}

/** The dashboard's power-monitor tab, from its own feature. */
export const renderPowerMonitors: RenderPowerMonitors = (monitors) => (
  <PowerMonitorPanel monitors={monitors} />
);
