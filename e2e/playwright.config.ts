import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys run against the real thing: `scripts/start.ts` serves the built app,
// the API, realtime and the embedded broker, with the simulator driving the demo homes.
const PORT = Number(process.env.E2E_PORT ?? 4319);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
// Tests read the server's mail outbox (DATA_DIR/outbox) from here; workers inherit it.
process.env.E2E_DATA_DIR = dataDir;
// The launcher's loopback test hook that stops and restarts a simulated gateway (SIM_CONTROL).
const simControlPort = PORT + 1000;
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

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
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
    // A trace records every action's page, about a fifth of the browser run's CPU. On CI a
    // failed test runs again with its trace; on a developer's machine, the failure keeps it.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    // What a person sees, first, while the demo homes are as the seed made them: every screen
    // in both brands at 412 and 1280 px (axe, rendered contrast, screenshot baselines).
    {
      name: 'look',
      testMatch: /look\/.*\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], ...chromium },
      snapshotPathTemplate: '{testDir}/look/baselines/{arg}{ext}',
    },
    {
      name: 'desktop',
      testIgnore: /look\//,
      use: { ...devices['Desktop Chrome'], ...chromium },
    },
    // On a phone, the journeys whose touch, menus and narrow layouts differ from the desktop's;
    // the look project already shows every screen and dialog at 412 px. Flows decided by the
    // server alone (mail, linking, validation, CSP, resume, offline) run once, on the desktop.
    {
      name: 'phone',
      testMatch: PHONE_JOURNEYS,
      testIgnore: /look\//,
      use: { ...devices['Pixel 7'], ...chromium },
    },
  ],
  webServer: {
    command: 'npx tsx ../scripts/start.ts',
    // Not /health_check: the server answers it before the demo account is seeded and its
    // simulated gateways are connected; the launcher's test hook only listens after both.
    url: `http://127.0.0.1:${simControlPort}/gateways`,
    reuseExistingServer: false,
    // Seeding the demo's year of history comes first; on a loaded 2-core machine it takes a while.
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIM_REPORT_MS: '30000',
      SIM_TIME_SCALE: '60',
      // No window is aired by chance: an aired one adds a line to a node's detail, and the
      // screenshots must not depend on the simulated day. Journeys open one through SIM_CONTROL.
      SIM_WINDOWS: 'shut',
      SIM_CONTROL: '1',
      SIM_CONTROL_PORT: String(simControlPort),
      LOG_LEVEL: 'warn',
    },
  },
});
