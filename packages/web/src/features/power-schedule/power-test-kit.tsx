import { afterEach, beforeEach, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { DevData, GroupedHome, PowerProfile, PowerSlot } from '@hearth/protocol';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { errorBody } from '../../test/toast-count';
import { HeaterSystemPage } from './heater-system-page';
import { PowerSchedulePage } from './power-schedule-page';

export const DEV = '0123456789abcdef01';
export const WIFI = 'aaaaaaaaaaaaaaaaaa';

/** Two profiles: Day (4000 W) and Night (no limit). */
export const two = [
  { name: 'Day', color: '#ff0000', value: 4000 },
  { name: 'Night', color: '#0000ff', value: -1 },
];
/** Sunday starts on Day; Monday 07:00 switches to Night. */
export const slots = [
  { m: 0, i: 0 },
  { m: 1440 + 420, i: 1 },
];

/** Each test of the file signed in, on fake timers that advance with real time. */
export function signedInOnFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useSessionStore.getState().setSession({
      token: tokenExpiringIn(3_600_000),
      refreshToken: 'r',
      username: 'ana@example.com',
    });
  });
  afterEach(() => {
    useErrorToastStore.getState().dismiss();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });
}

const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [
      { dev_id: DEV, name: 'Gateway', product_id: '0105', fw_version: '1', serial_id: '1' },
      { dev_id: WIFI, name: 'Towel', product_id: '021D', fw_version: '1', serial_id: '2' },
    ],
  },
];

function devData(slots: PowerSlot[]): DevData {
  return {
    connected: true,
    away_status: { enabled: false, away: false, forced: false },
    geo_data: { tz_code: 'Europe/Madrid' },
    discovery: { discovery: 'off' },
    htr_system: { setup: { power_limit: '0' } },
    pmo_system: { main_circuit_pmos: [5], max_power_config: { profiles: [], slots } },
    nodes: [],
  };
}

export function servePower(
  extra: { maxPowerProfiles?: PowerProfile[]; maxPowerType?: string },
  slots: PowerSlot[] = [],
  /** `unread`: the page's device's data cannot be read. */
  options: 'ok' | 'fail' | 'refuse' | 'unread' = 'ok',
  /** How a `refuse`d write is answered: its status and error code. */
  refusal: { status: number; code?: string } = { status: 400, code: 'validation_failed' },
) {
  const refused = (message: string) =>
    json({ ...errorBody(refusal.status, refusal.code), message }, refusal.status);
  return installFakeFetch({
    'GET /assets/maxPowerConfig.json': () =>
      options === 'ok'
        ? json([
            { value: 5000, label: '5 kW' },
            { value: 15000, label: '15 kW' },
          ])
        : json({ message: 'down', statusCode: 503, error: 'bad_gateway' }, 503),
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/dev_data`]: () =>
      options === 'unread'
        ? json({ message: 'down', statusCode: 503, error: 'bad_gateway' }, 503)
        : json(devData(slots)),
    [`GET /api/v2/devs/${WIFI}/dev_data`]: () => json(devData([])),
    'GET /api/v2/groups/h1/extra_data': () => json({ ...extra, nodeData: { keep: 1 } }),
    'POST /api/v2/groups/h1/extra_data': () => json({}),
    [`POST /api/v2/devs/${DEV}/pmo_system`]: () =>
      options === 'refuse' ? refused('bad slots') : json({}),
    [`POST /api/v2/devs/${WIFI}/pmo_system`]: () => json({}),
    [`GET /api/v2/devs/${DEV}/htr_system/power_limit`]: () => json({ power_limit: '0' }),
    [`POST /api/v2/devs/${DEV}/htr_system/power_limit`]: () =>
      options === 'refuse' ? refused('bad limit') : json({}),
  });
}

export function openPower(path = `/homes/h1/devs/${DEV}/powerSchedule?adminMode=1`) {
  return renderWithApp(
    <Routes>
      <Route path="/homes/:homeId/devs/:devId/powerSchedule" element={<PowerSchedulePage />} />
      <Route
        path="/homes/:homeId/devs/:devId/system/:nodeType/settings"
        element={<HeaterSystemPage />}
      />
    </Routes>,
    { path },
  );
}

export const postsTo = (calls: RecordedCall[], suffix: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));

export const bodyOf = (c: RecordedCall | undefined) =>
  JSON.parse(c?.body ?? '{}') as Record<string, unknown>;
