export { DeviceLinkingPage, clientCodeUrl } from './device-linking-page';
