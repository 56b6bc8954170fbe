import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys run against the real thing: `scripts/start.ts` serves the built app,
// the API, realtime and the embedded broker, with the simulator driving the demo homes.
// Two servers: one for the journeys, and one for the look project, whose screenshots need the
// demo homes as the seed made them while the journeys change them, so the two run side by side.
const PORT = Number(process.env.E2E_PORT ?? 4319);
const LOOK_PORT = PORT + 2;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
const lookDataDir =
  process.env.E2E_LOOK_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hearth-e2e-look-'));
// Tests read the servers' mail outboxes (DATA_DIR/outbox) from here; workers inherit them.
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_LOOK_DATA_DIR = lookDataDir;
// The launcher's loopback test hook that stops and restarts a simulated gateway (SIM_CONTROL).
const simControlPort = PORT + 1000;
const lookSimControlPort = LOOK_PORT + 1000;
process.env.E2E_SIM_CONTROL_URL = `http://127.0.0.1:${simControlPort}`;
const PHONE_JOURNEYS = [
  'accounts-shell',
  'demo-journey',
  'demo-add-device',
  'demo-install-node',
  'heating-control',
  'heating-selection',
  'heating-boost-power',
  'heating-system-settings',
  'schedule-week',
  'records-drill',
  'power-profiles',
  'homes-add-gateway',
  'homes-geolocation',
  'homes-presence',
  'wifi-provisioning',
].map((name) => `**/${name}.spec.ts`);
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

/** `scripts/start.ts` on its port and data folder, with the simulator's test hook. */
function server(port: number, dir: string, controlPort: number) {
  return {
    command: 'npx tsx ../scripts/start.ts',
    // Not /health_check: the server answers it before the demo account is seeded and its
    // simulated gateways are connected; the launcher's test hook only listens after both.
    url: `http://127.0.0.1:${controlPort}/gateways`,
    reuseExistingServer: false,
    // Seeding the demo's year of history comes first; on a loaded 2-core machine it takes a while.
    timeout: 240_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SIM_REPORT_MS: '30000',
      SIM_TIME_SCALE: '60',
      SIM_CONTROL: '1',
      SIM_CONTROL_PORT: String(controlPort),
      LOG_LEVEL: 'warn',
    },
  };
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // The look project on its server, beside the journeys on theirs; each lane one test at a time.
  workers: 2,
  // A browser journey that fails once on a loaded CI machine gets one more run; a real
  // failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: {
    timeout: 15_000,
    // Live values are masked; what is left differs between runs only by anti-aliasing.
    toHaveScreenshot: {
      maxDiffPixelRatio: 0.01,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    // What a person sees, first, while the demo homes are as the seed made them: every screen
    // in both brands at 412 and 1280 px (axe, rendered contrast, screenshot baselines).
    {
      name: 'look',
      testMatch: /look\/.*\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], ...chromium, baseURL: `http://127.0.0.1:${LOOK_PORT}` },
      snapshotPathTemplate: '{testDir}/look/baselines/{arg}{ext}',
    },
    {
      name: 'desktop',
      testIgnore: /look\//,
      workers: 1,
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    // On a phone, the journeys whose touch, menus and narrow layouts differ from the desktop's;
    // the look project already shows every screen and dialog at 412 px. Flows decided by the
    // server alone (mail, linking, validation, CSP, resume, offline) run once, on the desktop.
    {
      name: 'phone',
      testMatch: PHONE_JOURNEYS,
      testIgnore: /look\//,
      workers: 1,
      // After the desktop journeys, never beside them: both change the same demo homes.
      dependencies: ['desktop'],
      use: { ...devices['Pixel 7'], ...chromium },
    },
  ],
  webServer: [
    server(PORT, dataDir, simControlPort),
    server(LOOK_PORT, lookDataDir, lookSimControlPort),
  ],
});
