import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import {
  AddHomeWizardPage,
  DeviceSettingsPage,
  DiscoveryPage,
  HomeConfigPage,
  HomeDetailsPage,
  HomeListPage,
  HomeSettingsRedirect,
  HomesSortPage,
  NodeConfigPage,
  QuietHomeNodesPage,
  SelectDevicePage,
  SelectModelPage,
} from './pages';
import { lazyPage } from './lazy-page';
import type { WifiConnectionStep } from '../features/add-home';
import type { HomeSharingSlots } from '../features/homes';
import type { ConnectionHelpSlot } from '../features/wifi-provisioning';
import { AddNodeStart, WifiHeaterInstallation } from './wifi-heater-installation';

const WifiConfigurationPage = lazyPage(() =>
  import('../features/wifi-provisioning').then((m) => m.WifiConfigurationPage),
);
const WifiProvisioningFlow = lazyPage(() =>
  import('../features/wifi-provisioning').then((m) => m.WifiProvisioningFlow),
);
const ConnectionHelp = lazyPage(() => import('../features/add-home').then((m) => m.ConnectionHelp));
/** A failed wifi configuration shows the add-device wizard's connection-error help. */
export const connectionHelp: ConnectionHelpSlot = (props) => <ConnectionHelp {...props} />;
const SharingTab = lazyPage(() => import('../features/sharing').then((m) => m.SharingTab), null);
const MyAccessPanel = lazyPage(
  () => import('../features/sharing').then((m) => m.MyAccessPanel),
  null,
);
const ActivityPage = lazyPage(() => import('../features/sharing').then((m) => m.ActivityPage));
/** The home's guests tab and the member's own access are the sharing feature (docs/sharing.md). */
const sharing: HomeSharingSlots = {
  guests: (props) => <SharingTab {...props} />,
  access: (props) => <MyAccessPanel {...props} />,
};
/** The add-device wizard's wifi heater step is the wifi provisioning feature. */
const wifiConnection: WifiConnectionStep = (props) => <WifiProvisioningFlow {...props} />;

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
    page('/list/homes/:homeId/:option', <HomeDetailsPage sharing={sharing} />),
    page('/homes/:homeId/activity', <ActivityPage />),
    page('/list/addHome/:step', <AddHomeWizardPage wifiConnection={wifiConnection} />),
    page(
      '/list/homes/:homeId/devices/addDevice/:step',
      <AddHomeWizardPage wifiConnection={wifiConnection} />,
    ),
    page('/list/homes/:homeId/devices/:devId/settings', <DeviceSettingsPage />),
    page(
      '/list/homes/:homeId/:option/:devId/wifiConfiguration',
      <WifiConfigurationPage connectionHelp={connectionHelp} />,
    ),
    page('/homes/:homeId/addNode', <AddNodeStart />),
    page('/homes/:homeId/addNode/deviceInstallation', <WifiHeaterInstallation />),
    page('/homes/:homeId/addNode/devs/selectDevice', <SelectDevicePage />),
    page('/homes/:homeId/addNode/devs/:devId/selectType/selectModel', <SelectModelPage />),
    page('/homes/:homeId/addNode/devs/:devId/selectType/selectModel/discovery', <DiscoveryPage />),
    page('/homes/:homeId/devs/:devId/:nodeType/:addr/settings', <NodeConfigPage />),
    page('/homes/:homeId/config', <HomeConfigPage />),
    page('/homes/:homeId/settings', <HomeSettingsRedirect />),
    page('/homes/:homeId/config/quietHomeNodes', <QuietHomeNodesPage />),
  ];
}
