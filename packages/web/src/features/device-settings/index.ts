export { DeviceSettingsPage } from './device-settings-page';
