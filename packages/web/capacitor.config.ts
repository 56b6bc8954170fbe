import type { CapacitorConfig } from '@capacitor/cli';

// Config only (docs/design.md): the native shells load the built web app from dist; every
// native call goes through src/lib/platform. The name is the default brand's.
const config: CapacitorConfig = {
  appId: 'org.hearth.app',
  appName: 'Hearth',
  // `npm run native:check` syncs a build made elsewhere, leaving dist alone.
  webDir: process.env.CAP_WEB_DIR ?? 'dist',
  android: { allowMixedContent: true },
  server: {
    // The wifi heater's own access point speaks plain HTTP on port 8080 (spec 2 §4).
    androidScheme: 'https',
    cleartext: true,
  },
  plugins: {
    StatusBar: { backgroundColor: '#F9B521', style: 'LIGHT', overlaysWebView: false },
    BluetoothLe: {
      displayStrings: {
        scanning: 'Looking for your heater…',
        cancel: 'Cancel',
        availableDevices: 'Heaters nearby',
        noDeviceFound: 'No heater found',
      },
    },
  },
};

export default config;
