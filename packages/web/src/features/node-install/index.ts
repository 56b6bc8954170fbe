export { SelectDevicePage } from './select-device-page';
export { SelectModelPage } from './select-model-page';
export { DiscoveryPage } from './discovery-page';
