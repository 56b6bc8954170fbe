import { nativeWifi } from './wifi-native';
import { testHook } from './wifi-test-hook';
import type { WifiPlatform } from './wifi-types';
import { webWifi } from './wifi-web';

export type { JoinedAccessPoint, WifiCapabilities, WifiPlatform } from './wifi-types';
export { PlatformUnavailableError } from './wifi-types';

/** The wifi implementation of this run: native in the Capacitor app, "not available" on the web. */
export const wifi: WifiPlatform = testHook()?.wifi ?? nativeWifi() ?? webWifi;
