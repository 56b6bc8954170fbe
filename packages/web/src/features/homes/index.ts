export { HomeListPage } from './home-list-page';
export { HomesSortPage } from './homes-sort-page';
export { HomeConfigPage } from './home-config-page';
export { QuietHomeNodesPage } from './quiet-home-nodes-page';
export { HomeDetailsPage, type HomeSharingSlots } from './home-details-page';
export { HomeSettingsRedirect } from './home-settings-redirect';
