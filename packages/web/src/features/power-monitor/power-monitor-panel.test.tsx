import { useState } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { devData, liveNode, mgrNode } from '../../test/fake-devices';
import { applyDevDataToCache, applyUpdateToCache } from '../../lib/devices/device-cache';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import { PowerMonitorPanel } from './power-monitor-panel';

const DEV = '0123456789abcdef01';

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

test("the reading, the gauge's value and its scale use the language's units (docs/design.md §5 i18n)", async () => {
  await changeLanguage('ru');
  installFakeFetch({ [`GET /api/v2/devs/${DEV}/pmo/3/power`]: () => json({ power: '1500.0' }) });
  const node = { ...mgrNode('Main meter', 3, 'pmo'), power_limit: { power_limit: '3500' } };
  renderWithApp(
    <PowerMonitorPanel monitors={[{ homeId: 'h1', devId: DEV, node, deviceConnected: true }]} />,
  );
  const watts = await screen.findByTestId('power-watts');
  await vi.waitFor(() => expect(watts.textContent).toMatch(/^1\s500 Вт$/));
  const gauge = screen.getByRole('meter');
  expect(gauge).toHaveAttribute('aria-valuetext', '1500 Вт / 3,5 кВт');
  // The scale's limit in the language's number format too.
  expect(gauge).toHaveTextContent(/3,5 кВт/);
  expect(gauge).not.toHaveTextContent(/kW/);
});

test('reads the power every 5 s, keeps the last reading when a read fails, and shows no error', async () => {
  const answers = [
    json({ power: '1500.0' }),
    json({ message: 'x', statusCode: 502, error: 'bad_gateway' }, 502),
    json({ power: '2250.0' }),
  ];
  const fetches = installFakeFetch({
    [`GET /api/v2/devs/${DEV}/pmo/3/power`]: () => answers.shift() ?? json({ power: '0' }),
  });
  const node = { ...mgrNode('Main meter', 3, 'pmo'), power_limit: { power_limit: '3000' } };
  renderWithApp(
    <PowerMonitorPanel monitors={[{ homeId: 'h1', devId: DEV, node, deviceConnected: true }]} />,
  );

  expect(await screen.findByText('1,500 W')).toBeInTheDocument();
  const gauge = screen.getByRole('meter', { name: 'Power of Main meter' });
  expect(gauge).toHaveAttribute('aria-valuemax', '3000');
  expect(gauge).toHaveAttribute('data-fraction', '0.500');

  await act(() => vi.advanceTimersByTimeAsync(5_000));
  expect(screen.getByTestId('power-watts')).toHaveTextContent('1,500 W');
  expect(useErrorToastStore.getState()).toMatchObject({ kind: null });

  await act(() => vi.advanceTimersByTimeAsync(5_000));
  expect(await screen.findByText('2,250 W')).toBeInTheDocument();
  expect(fetches.calls.filter((c) => c.url.endsWith('/power'))).toHaveLength(3);
  expect(screen.getByRole('link', { name: 'Records' })).toHaveAttribute(
    'href',
    expect.stringContaining(`/homes/h1/devs/${DEV}/pmo/3/records?day=`),
  );
  // Spec 3 §2: buttons for records and settings.
  expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'href',
    `/homes/h1/devs/${DEV}/pmo/3/settings`,
  );
});

test('a disconnected device is not polled', async () => {
  const fetches = installFakeFetch({});
  renderWithApp(
    <PowerMonitorPanel
      monitors={[
        { homeId: 'h1', devId: DEV, node: mgrNode('M', 3, 'pmo'), deviceConnected: false },
      ]}
    />,
  );
  await act(() => vi.advanceTimersByTimeAsync(12_000));
  expect(fetches.calls).toHaveLength(0);
  expect(screen.getByRole('meter', { name: 'Power of M' })).toHaveAttribute(
    'aria-valuemax',
    '15000',
  );
});

test('a device in discovery is not read; its power is read again once discovery is off (spec 3 §4)', async () => {
  const fetches = installFakeFetch({
    [`GET /api/v2/devs/${DEV}/pmo/3/power`]: () => json({ power: '800.0' }),
  });
  const node = mgrNode('Main meter', 3, 'pmo');
  let connect = (_connected: boolean) => undefined as void;
  function Panel() {
    const [deviceConnected, setConnected] = useState(false);
    connect = setConnected;
    return <PowerMonitorPanel monitors={[{ homeId: 'h1', devId: DEV, node, deviceConnected }]} />;
  }
  // The device connects with its snapshot, which says discovery is running.
  const { queryClient } = renderWithApp(<Panel />);
  act(() =>
    applyDevDataToCache(
      queryClient,
      DEV,
      devData([liveNode('Main meter', 3, {})], { discovery: { discovery: 'on' } }),
    ),
  );
  act(() => connect(true));
  await act(() => vi.advanceTimersByTimeAsync(12_000));
  expect(fetches.calls.filter((c) => c.url.endsWith('/power'))).toHaveLength(0);
  expect(screen.getByTestId('power-watts')).toHaveTextContent('–');

  act(() =>
    applyUpdateToCache(queryClient, DEV, { path: '/mgr/discovery', body: { discovery: 'off' } }),
  );
  expect(await screen.findByText('800 W')).toBeInTheDocument();
});
