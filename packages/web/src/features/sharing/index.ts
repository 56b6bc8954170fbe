export { SharingTab } from './sharing-tab';
export { MyAccessPanel } from './my-access-panel';
export { ActivityPage } from './activity-page';
export { sharingRoutes } from './routes';
