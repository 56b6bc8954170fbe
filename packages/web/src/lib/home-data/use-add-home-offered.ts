import { useCapabilities } from '../client-data';
import { platform, wifi } from '../platform';
import { availableDeviceTypes, type DeviceType } from './device-types';

/**
 * Spec 2 §2: the gateway kinds a home can get here — on this platform (the native shells,
 * whose wifi provisioning the wifi heater needs), with the brand's capabilities.
 */
export function useDeviceTypes(): DeviceType[] {
  const { wifiSmartboxAvailable, ethernetAvailable } = useCapabilities();
  return availableDeviceTypes({
    native: platform.isNative || wifi.available,
    ethernetAvailable,
    wifiAvailable: wifiSmartboxAvailable,
  });
}

/** Spec 2 §2: adding a home is offered when at least one device type can be added here. */
export function useAddHomeOffered(): boolean {
  return useDeviceTypes().length > 0;
}
