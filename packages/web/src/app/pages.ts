import { loadScreenStrings } from '../lib/i18n';
import { lazyPage } from './lazy-page';
import { lazyPart } from './quiet-part';

// Every screen is its own chunk (React.lazy): the login route loads the shell and sign-in
// only, the dashboard its own feature; shared code lands in chunks Vite splits out itself.

/** Sign-in reads only shared strings (login, accountsShared): it does not fetch the features'. */
export const LoginPage = lazyPage(
  () => import('../features/auth').then((m) => m.LoginPage),
  undefined,
  { shellStrings: true },
);
const loadDashboard = () => import('../features/dashboard');
export const DashboardPage = lazyPage(() => loadDashboard().then((m) => m.DashboardPage));
/**
 * Starts fetching the dashboard's code and the features' strings at once (a signed-in start on
 * `/`), instead of once the router has mounted its route; the lazy screen then finds them.
 */
export function preloadDashboard(): void {
  loadDashboard().catch(() => undefined);
  loadScreenStrings().catch(() => undefined);
}
export const SchedulePage = lazyPage(() =>
  import('../features/schedule').then((m) => m.SchedulePage),
);
export const PowerSchedulePage = lazyPage(() =>
  import('../features/power-schedule').then((m) => m.PowerSchedulePage),
);
export const HeaterSystemPage = lazyPage(() =>
  import('../features/power-schedule').then((m) => m.HeaterSystemPage),
);
export const NodeRecordsPage = lazyPage(() =>
  import('../features/records').then((m) => m.NodeRecordsPage),
);
export const HomeRecordsPage = lazyPage(() =>
  import('../features/records').then((m) => m.HomeRecordsPage),
);
export const NodeDetailPage = lazyPage(() =>
  import('../features/node-detail').then((m) => m.NodeDetailPage),
);
export const RoomComfortPage = lazyPage(() =>
  import('../features/comfort').then((m) => m.RoomComfortPage),
);
export const HolidaysPage = lazyPage(() =>
  import('../features/comfort').then((m) => m.HolidaysPage),
);
/** Parts of the node detail and the dashboard's cards: nothing there until, or unless, loaded. */
export const RoomComfortPanel = lazyPart(() =>
  import('../features/comfort').then((m) => m.RoomComfortPanel),
);
export const CardComfortNotice = lazyPart(() =>
  import('../features/comfort').then((m) => m.CardComfortNotice),
);
export const WeatherPage = lazyPage(() => import('../features/weather').then((m) => m.WeatherPage));
/** A tab of the dashboard: no page-sized fallback. */
export const PowerMonitorPanel = lazyPage(
  () => import('../features/power-monitor').then((m) => m.PowerMonitorPanel),
  null,
);

export const AboutPage = lazyPage(() => import('../features/about').then((m) => m.AboutPage));
export const AccountPage = lazyPage(() => import('../features/account').then((m) => m.AccountPage));
export const RemoveAccountHelpPage = lazyPage(() =>
  import('../features/account').then((m) => m.RemoveAccountHelpPage),
);
export const CloudLinksPage = lazyPage(() =>
  import('../features/cloud-link').then((m) => m.CloudLinksPage),
);
export const ChooseCloudDevicesPage = lazyPage(() =>
  import('../features/cloud-link').then((m) => m.ChooseDevicesPage),
);
export const DeviceLinkingPage = lazyPage(() =>
  import('../features/account-linking').then((m) => m.DeviceLinkingPage),
);
export const RegistrationConfirmPage = lazyPage(() =>
  import('../features/confirmations').then((m) => m.RegistrationConfirmPage),
);
export const PasswordResetConfirmPage = lazyPage(() =>
  import('../features/confirmations').then((m) => m.PasswordResetConfirmPage),
);
export const EmailChangeConfirmPage = lazyPage(() =>
  import('../features/confirmations').then((m) => m.EmailChangeConfirmPage),
);
export const InviteConfirmPage = lazyPage(() =>
  import('../features/confirmations').then((m) => m.InviteConfirmPage),
);
export const ForgotPasswordPage = lazyPage(() =>
  import('../features/forgot-password').then((m) => m.ForgotPasswordPage),
);
export const PrivacyPage = lazyPage(() => import('../features/privacy').then((m) => m.PrivacyPage));
/** Opens by itself over signed-in screens when the policy changed: no fallback. */
export const PrivacyUpdateDialog = lazyPage(
  () => import('../features/privacy').then((m) => m.PrivacyUpdateDialog),
  null,
);
export const RegistrationPage = lazyPage(() =>
  import('../features/registration').then((m) => m.RegistrationPage),
);

export const HomeListPage = lazyPage(() => import('../features/homes').then((m) => m.HomeListPage));
export const HomesSortPage = lazyPage(() =>
  import('../features/homes').then((m) => m.HomesSortPage),
);
export const HomeDetailsPage = lazyPage(() =>
  import('../features/homes').then((m) => m.HomeDetailsPage),
);
export const HomeConfigPage = lazyPage(() =>
  import('../features/homes').then((m) => m.HomeConfigPage),
);
export const HomeSettingsRedirect = lazyPage(() =>
  import('../features/homes').then((m) => m.HomeSettingsRedirect),
);
export const QuietHomeNodesPage = lazyPage(() =>
  import('../features/homes').then((m) => m.QuietHomeNodesPage),
);
export const AddHomeWizardPage = lazyPage(() =>
  import('../features/add-home').then((m) => m.AddHomeWizardPage),
);
export const DeviceSettingsPage = lazyPage(() =>
  import('../features/device-settings').then((m) => m.DeviceSettingsPage),
);
export const SelectDevicePage = lazyPage(() =>
  import('../features/node-install').then((m) => m.SelectDevicePage),
);
export const SelectModelPage = lazyPage(() =>
  import('../features/node-install').then((m) => m.SelectModelPage),
);
export const DiscoveryPage = lazyPage(() =>
  import('../features/node-install').then((m) => m.DiscoveryPage),
);
export const NodeConfigPage = lazyPage(() =>
  import('../features/node-config').then((m) => m.NodeConfigPage),
);
export const HelpPage = lazyPage(() => import('../features/info').then((m) => m.HelpPage));
export const TermsPage = lazyPage(() => import('../features/info').then((m) => m.TermsPage));
