export { deviceLinkOf, LINKED_ACCOUNTS_KEY, useDeviceLink } from './device-link';
export type { DeviceLink, DeviceLinkState as DeviceLinkStateName } from './device-link';
export { DeviceLinkLine, DeviceLinkState } from './device-link-state';
