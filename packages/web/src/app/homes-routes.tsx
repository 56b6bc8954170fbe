import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import {
  HomeConfigPage,
  HomeDetailsPage,
  HomeListPage,
  HomeSettingsRedirect,
  HomesSortPage,
  QuietHomeNodesPage,
} from '../features/homes';
import { AddHomeWizardPage } from '../features/add-home';
import { DeviceSettingsPage } from '../features/device-settings';
import { DiscoveryPage, SelectDevicePage, SelectModelPage } from '../features/node-install';
import { NodeConfigPage } from '../features/node-config';

/**
 * Routes of spec 2 (homes, wizards, devices, node installation) and the node configuration
 * page of spec 3, kept here so the router stays a short list. Each needs a session.
 */
export function homesRoutes(guard: (page: ReactNode) => ReactNode) {
  const page = (path: string, element: ReactNode) => (
    <Route key={path} path={path} element={guard(element)} />
  );
  return [
    page('/list', <HomeListPage />),
    page('/list/config', <HomesSortPage />),
    page('/list/homes/:homeId/:option', <HomeDetailsPage />),
    page('/list/addHome/:step', <AddHomeWizardPage />),
    page('/list/homes/:homeId/devices/addDevice/:step', <AddHomeWizardPage />),
    page('/list/homes/:homeId/devices/:devId/settings', <DeviceSettingsPage />),
    page('/homes/:homeId/addNode/devs/selectDevice', <SelectDevicePage />),
    page('/homes/:homeId/addNode/devs/:devId/selectType/selectModel', <SelectModelPage />),
    page('/homes/:homeId/addNode/devs/:devId/selectType/selectModel/discovery', <DiscoveryPage />),
    page('/homes/:homeId/devs/:devId/:nodeType/:addr/settings', <NodeConfigPage />),
    page('/homes/:homeId/config', <HomeConfigPage />),
    page('/homes/:homeId/settings', <HomeSettingsRedirect />),
    page('/homes/:homeId/config/quietHomeNodes', <QuietHomeNodesPage />),
  ];
}
