export { CloudLinksPage } from './cloud-links-page';
export { ChooseDevicesPage } from './choose-devices-page';
