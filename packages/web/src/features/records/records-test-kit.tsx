import { afterEach, beforeEach, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { DevData, GroupedHome, SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../../lib/session/session-store';
import { HomeRecordsPage, NodeRecordsPage } from './records-pages';
import { chartOptions } from './records-chart-fake';
import type { WireSample } from './model/records-series';

// The world of the records pages' tests: one home with one gateway, its nodes, a day of
// samples, and the pages on their routes. The test files replace the chart themselves:
//   vi.mock('./components/records-chart', () => import('./records-chart-fake'));

export const DEV = '0123456789abcdef01';
export const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [{ dev_id: DEV, name: 'Gateway', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
];
const node = (
  addr: number,
  name: string,
  type: SnapshotNode['type'] = 'htr',
  installed = true,
): SnapshotNode => ({ name, addr, type, installed, lost: false });
export const devData: DevData = {
  connected: true,
  away_status: { enabled: false, away: false, forced: false },
  geo_data: { tz_code: 'Europe/Madrid' },
  discovery: { discovery: 'off' },
  htr_system: { setup: { power_limit: '0' } },
  pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
  nodes: [
    node(2, 'Lounge'),
    node(3, 'Kitchen'),
    node(4, 'Attic', 'htr', false),
    node(5, 'Meter', 'pmo'),
  ],
};

/** 9 March 2026, Madrid is UTC+1: local 08:00 is 07:00 UTC. */
export const at = (h: number) => Date.UTC(2026, 2, 9, h - 1) / 1000;
const lounge = [
  { t: at(8), counter: '1000', temp: '20.0' },
  { t: at(9), counter: '1500', temp: '21.0' },
  { t: at(10), counter: '1500', temp: '22.0' },
  { t: at(11), counter: '2500', temp: '23.0' },
];

/** The samples of the asked range, as the server answers a samples read. */
export function samplesInRange(call: RecordedCall, samples: WireSample[]) {
  const q = new URL(call.url, 'http://x').searchParams;
  return json({
    samples: samples.filter((s) => s.t >= Number(q.get('start')) && s.t < Number(q.get('end'))),
  });
}

/** The samples answer; a status other than 200 fails every samples read with it. */
export function serve(samplesStatus = 200) {
  const inRange = (call: RecordedCall, samples: WireSample[]) => {
    if (samplesStatus !== 200)
      return json({ statusCode: samplesStatus, error: 'x', message: 'x' }, samplesStatus);
    // Our server's grouped answer: one entry per month with its energy.
    if (new URL(call.url, 'http://x').searchParams.get('group') === 'month')
      return json({
        samples: [{ t: Date.UTC(2026, 1, 28, 23) / 1000, counter_delta: 1500, temp: '21.5' }],
      });
    return samplesInRange(call, samples);
  };
  return installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/dev_data`]: () => json(devData),
    [`GET /api/v2/devs/${DEV}/htr/2/samples`]: (c) => inRange(c, lounge),
    [`GET /api/v2/devs/${DEV}/htr/3/samples`]: (c) =>
      inRange(c, [
        { t: at(8), counter: '10', temp: '18.0' },
        { t: at(9), counter: '1010', temp: '19.0' },
      ]),
    [`GET /api/v2/devs/${DEV}/pmo/5/samples`]: (c) =>
      inRange(c, [
        { t: at(8), counter: 0, max: 1, min: 0 },
        { t: at(9), counter: 3000, max: 1, min: 0 },
      ]),
  });
}

export function open(path: string) {
  return renderWithApp(
    <Routes>
      <Route
        path="/homes/:homeId/devs/:devId/:nodeType/:addr/records"
        element={<NodeRecordsPage />}
      />
      <Route path="/homes/:homeId/system/:nodeType/records" element={<HomeRecordsPage />} />
    </Routes>,
    { path },
  );
}

export const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });
export const samplesCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.includes('/samples'));

/** Downloads land here: jsdom has no object URLs, so the file is caught at that boundary. */
export function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      blobs.push(b);
      return 'blob:records';
    },
    revokeObjectURL: () => undefined,
  });
  return blobs;
}

/** A signed-in user on 10 March 2026, 11:00 UTC, with a clock tests may move. */
export function setUpRecordsWorld() {
  beforeEach(() => {
    chartOptions.length = 0;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(Date.UTC(2026, 2, 10, 11)));
    useSessionStore
      .getState()
      .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().clear();
  });
}
