/**
 * Web test files that run each in a fresh module graph and DOM (Vitest's isolation).
 *
 * The rest of the web tests share one module graph per worker (isolation off): a new jsdom
 * and a fresh import of React, Ionic and the screen strings per file was most of the web
 * run's time. A file belongs here when it replaces a module (`vi.mock`), changes a global the
 * others read (platform, navigator, window properties), or holds module-level state that
 * another file then meets (stores of the app shell, the sign-in and registration flows).
 * A test that passes alone but fails beside others goes here, with its reason in git log.
 */
export const ISOLATED_WEB_TESTS = [
  // vi.mock / vi.doMock of app modules or stubbed globals beyond fetch
  'src/app/error-toast.test.tsx',
  'src/app/home-order.test.tsx',
  'src/app/use-native-shell.test.tsx',
  'src/features/account-linking/device-linking-page.test.tsx',
  'src/features/add-home/demo-detection.test.tsx',
  'src/features/add-home/model/detect-device.test.ts',
  'src/features/add-home/native-device-types.test.tsx',
  'src/features/dashboard/components/empty-home-hint.test.tsx',
  'src/features/dashboard/dashboard-controls.test.tsx',
  'src/features/dashboard/guest-table.test.tsx',
  'src/features/dashboard/stale-values.test.tsx',
  'src/features/homes/home-details-page.test.tsx',
  'src/features/homes/home-geolocation.test.tsx',
  'src/features/power-schedule/power-schedule-page.test.tsx',
  'src/features/power-schedule/power-profiles.test.tsx',
  'src/features/pwa/offline-banner.test.tsx',
  'src/features/records/records-cost.test.tsx',
  'src/features/records/records-node-page.test.tsx',
  'src/features/records/records-pages.test.tsx',
  'src/lib/demo/demo-mode.test.ts',
  'src/lib/devices/node-commands.test.ts',
  'src/lib/platform/native-platform.test.ts',
  'src/lib/platform/web-platform.test.ts',
  'src/lib/platform/wifi-native.test.ts',
  'src/lib/socket/lazy-device-socket.test.ts',
  'src/lib/ui/toast.test.tsx',
  // module-level state met by the files after them (app shell, sign-in, registration)
  'src/app/app.test.tsx',
  'src/main-entry.test.tsx',
  'src/features/auth/login-page.test.tsx',
  'src/features/auth/login-page-entry.test.tsx',
  'src/features/forgot-password/forgot-password-page.test.tsx',
  'src/features/node-detail/node-header.test.tsx',
  'src/features/registration/registration-page.test.tsx',
  'src/features/registration/registration-flow.test.tsx',
  'src/app/use-saved-language.test.tsx',
];
