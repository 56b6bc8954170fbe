import { useCapabilities } from '../client-data';
import { platform } from '../platform';
import { availableDeviceTypes } from './device-types';

/**
 * Spec 2 §2: adding a home is offered when at least one device type can be added here — on
 * this platform, with the brand's capabilities (a wifi smartbox only where the brand has it).
 */
export function useAddHomeOffered(): boolean {
  const { wifiSmartboxAvailable } = useCapabilities();
  return (
    availableDeviceTypes({
      native: platform.isNative,
      ethernetAvailable: true,
      wifiAvailable: wifiSmartboxAvailable,
    }).length > 0
  );
}
