import { afterEach, beforeEach, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { brandKeyOf, type DevData, type GroupedHome, type SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { FALLBACK_BRAND_KEY, useBrandingStore } from '../../lib/branding/branding-store';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { SchedulePage } from './schedule-page';

export const DEV = '0123456789abcdef01';
const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [{ dev_id: DEV, name: 'Gateway', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
];
export const week = (slots: number) =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((k) => [k, Array(slots).fill(1)]));

export function heater(
  addr: number,
  name: string,
  extra: Partial<SnapshotNode> = {},
): SnapshotNode {
  return {
    name,
    addr,
    type: 'htr',
    installed: true,
    lost: false,
    status: { units: 'C', comf_temp: '21.0', eco_temp: '18.0', ice_temp: '7.0', stemp: '21.0' },
    setup: { extra_options: { sensor_mode: 1 } },
    prog: { prog: week(24) as never },
    ...extra,
  };
}

export function devData(nodes: SnapshotNode[]): DevData {
  return {
    connected: true,
    away_status: { enabled: false, away: false, forced: false },
    geo_data: { tz_code: 'Europe/Madrid' },
    discovery: { discovery: 'off' },
    htr_system: { setup: { power_limit: '0' } },
    pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
    nodes,
  };
}

const refused = () =>
  json({ error: 'invalid', message: 'eco_temp must not be above comf_temp' }, 400);

/** The brand key the app asks client data for (the serial id's, else the fallback). */
export const brandKey = () =>
  brandKeyOf(useBrandingStore.getState().serialId) || FALLBACK_BRAND_KEY;

export function serve(
  nodes: SnapshotNode[],
  {
    owner = true,
    setupStatus = 200,
    writeStatus = 200,
    /** The write's error code when it fails; none says the fixed refusal below. */
    writeCode = undefined as string | undefined,
    readStatus = 200,
    nodeParameters = undefined as unknown,
  } = {},
) {
  const write = () =>
    writeStatus === 200
      ? json({})
      : writeCode === undefined
        ? refused()
        : json(errorBody(writeStatus, writeCode), writeStatus);
  return installFakeFetch({
    // The brand's client data (spec 1 §7); without a brand the app asks for the fallback key.
    ...(nodeParameters === undefined
      ? {}
      : { [`GET /client-data/${brandKey()}/nodeParameters.json`]: () => json(nodeParameters) }),
    'GET /api/v2/grouped_devs': () => json(homes.map((h) => ({ ...h, owner }))),
    [`GET /api/v2/devs/${DEV}/dev_data`]: () =>
      readStatus === 200
        ? json(devData(nodes))
        : json({ statusCode: readStatus, error: 'refused', message: 'no' }, readStatus),
    [`POST /api/v2/devs/${DEV}/htr/2/prog`]: write,
    [`POST /api/v2/devs/${DEV}/htr/3/prog`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/htr/2/prog_temps`]: write,
    [`GET /api/v2/devs/${DEV}/htr/2/setup`]: () => json({ units: 'C', prog_resol: 0 }),
    [`POST /api/v2/devs/${DEV}/htr/2/setup`]: () =>
      setupStatus === 200
        ? json({})
        : json({ message: 'Only the owner may change prog_resol' }, setupStatus),
  });
}

export function open(path = `/homes/h1/devs/${DEV}/htr/2/schedule`) {
  return renderWithApp(
    <Routes>
      <Route
        path="/homes/:homeId/devs/:devId/:nodeType/:addr/schedule"
        element={<SchedulePage />}
      />
      <Route path="/homes/:homeId/schedule" element={<SchedulePage />} />
    </Routes>,
    { path },
  );
}

export const posts = (calls: RecordedCall[], suffix: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));
export const body = (c: RecordedCall | undefined) =>
  JSON.parse(c?.body ?? '{}') as Record<string, unknown>;

/** Fake timers and a signed-in session around each test of the calling file. */
export function setUpScheduleTests() {
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

export async function pickMonday() {
  fireEvent.click(await screen.findByRole('button', { name: 'Monday' }));
}
