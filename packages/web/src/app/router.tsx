import type { ReactNode } from 'react';
import { IonRouterOutlet } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Redirect } from '../lib/ui/redirect';
import { hasSession, useSessionStore } from '../lib/session/session-store';
import { accountsRoutes } from './accounts-routes';
import { MenuShell } from './menu-shell';
import { heatingRoutes, renderNodeNotice, renderPowerMonitors } from './heating-routes';
import { homesRoutes } from './homes-routes';
import { energyRoutes, renderMonthCost } from './energy-routes';
import {
  DashboardPage,
  HeaterSystemPage,
  HomeRecordsPage,
  LoginPage,
  NodeRecordsPage,
  PowerSchedulePage,
  SchedulePage,
} from './pages';

/** Spec 1 §2: the dashboard needs a session; without one the user lands on /login. */
function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useSessionStore(hasSession);
  return signedIn ? children : <Redirect to="/login" />;
}

/** A signed-in user who opens /login goes straight to the dashboard. */
function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSessionStore(hasSession);
  return signedIn ? <Redirect to="/" /> : children;
}

export function AppRouter() {
  return (
    <IonReactRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <MenuShell>
        <IonRouterOutlet>
          <Routes>
            <Route
              path="/login"
              element={
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route
              path="/"
              element={
                <RequireSession>
                  <DashboardPage
                    renderPowerMonitors={renderPowerMonitors}
                    renderNodeNotice={renderNodeNotice}
                    renderMonthCost={renderMonthCost}
                  />
                </RequireSession>
              }
            />
            <Route
              path="/homes/:homeId/devs/:devId/:nodeType/:addr/schedule"
              element={
                <RequireSession>
                  <SchedulePage />
                </RequireSession>
              }
            />
            <Route
              path="/homes/:homeId/schedule"
              element={
                <RequireSession>
                  <SchedulePage />
                </RequireSession>
              }
            />
            {homesRoutes((page) => (
              <RequireSession>{page}</RequireSession>
            ))}
            <Route
              path="/homes/:homeId/devs/:devId/powerSchedule"
              element={
                <RequireSession>
                  <PowerSchedulePage />
                </RequireSession>
              }
            />
            <Route
              path="/homes/:homeId/devs/:devId/system/:nodeType/settings"
              element={
                <RequireSession>
                  <HeaterSystemPage />
                </RequireSession>
              }
            />
            {heatingRoutes((page) => (
              <RequireSession>{page}</RequireSession>
            ))}
            {energyRoutes((page) => (
              <RequireSession>{page}</RequireSession>
            ))}
            {accountsRoutes({
              session: (page) => <RequireSession>{page}</RequireSession>,
              guest: (page) => <GuestOnly>{page}</GuestOnly>,
            })}
            <Route
              path="/homes/:homeId/devs/:devId/:nodeType/:addr/records"
              element={
                <RequireSession>
                  <NodeRecordsPage />
                </RequireSession>
              }
            />
            <Route
              path="/homes/:homeId/system/:nodeType/records"
              element={
                <RequireSession>
                  <HomeRecordsPage />
                </RequireSession>
              }
            />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </IonRouterOutlet>
      </MenuShell>
    </IonReactRouter>
  );
}
