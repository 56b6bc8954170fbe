import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { RenderMonthCost } from '../features/dashboard';
import { lazyPage } from './lazy-page';

const TariffPage = lazyPage(() => import('../features/energy').then((m) => m.TariffPage));
const GuardPage = lazyPage(() => import('../features/energy').then((m) => m.GuardPage));
/** A part of the dashboard: no page-sized fallback. */
const MonthCost = lazyPage(() => import('../features/energy').then((m) => m.MonthCost), null);

/** Issue 29: a home's tariff and costs, and its power guard. Each needs a session. */
export function energyRoutes(guard: (page: ReactNode) => ReactNode) {
  const page = (path: string, element: ReactNode) => (
    <Route key={path} path={path} element={guard(element)} />
  );
  return [
    page('/homes/:homeId/energy', <TariffPage />),
    page('/homes/:homeId/energy/guard', <GuardPage />),
  ];
}

/** The dashboard's month-to-date cost and projection, from the energy feature. */
export const renderMonthCost: RenderMonthCost = (homeId) => <MonthCost homeId={homeId} />;
