import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { applyUpdateToCache } from '../../lib/devices';
import { useErrorToastStore } from '../../lib/http';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import {
  DEV,
  devData,
  homes,
  open,
  row,
  samplesCalls,
  serve,
  setUpRecordsWorld,
} from './records-test-kit';
import { chartOptions } from './records-chart-fake';

// The records pages in other languages, on missing or failing reads, for a whole home, and
// with the socket's updates; one node's records are in records-node-page.test.tsx.
vi.mock('./components/records-chart', () => import('./records-chart-fake'));

setUpRecordsWorld();

describe('units in the language (docs/design.md §5 i18n)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.removeItem(LANG_STORAGE_KEY);
  });

  test('the energy and power columns and the chart axis read in Russian units', async () => {
    await changeLanguage('ru');
    serve();
    open(`/homes/h1/devs/${DEV}/pmo/5/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('3,000'));
    expect(screen.getByRole('columnheader', { name: 'Потребление (кВт·ч)' })).toBeInTheDocument();
    expect((chartOptions.at(-1) as { yAxis: { name: string }[] }).yAxis[0]?.name).toBe('кВт·ч');
    fireEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('columnheader', { name: 'Потребление (Вт)' })).toBeInTheDocument();
  });

  test("the table's numbers take the language's decimal comma, as the CSV does", async () => {
    await changeLanguage('es');
    serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('0,500'));
    expect(row('09:00')).toHaveTextContent('0,00021,0');
  });
});

describe('missing lookups (spec 3 §8)', { timeout: 20_000 }, () => {
  test('a missing home, device or node is named as such', async () => {
    useErrorToastStore.getState().dismiss();
    serve();
    const first = open(`/homes/h1/devs/${DEV}/htr/9/records?day=9&month=3&year=2026`);
    expect(await screen.findByText('Node not found')).toBeInTheDocument();
    first.unmount();
    const second = open('/homes/h1/devs/ffffffffffffffffff/htr/2/records?day=9&month=3&year=2026');
    expect(await screen.findByText('Dev not found')).toBeInTheDocument();
    // Nothing of a device outside the home is read, so no error toast joins the message.
    expect(useErrorToastStore.getState().kind).toBeNull();
    second.unmount();
    const third = open(`/homes/h9/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
    third.unmount();
    open('/homes/h9/system/htr/records');
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
  });
});

describe('device data failure (spec 3 §8: data-update error)', { timeout: 20_000 }, () => {
  test('a device whose data did not load is not named a missing node, on either page', async () => {
    useErrorToastStore.getState().dismiss();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV}/dev_data`]: () =>
        json({ statusCode: 400, error: 'refused', message: 'no' }, 400),
    });
    const first = open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information displayed may not be updated',
    );
    expect(screen.queryByText('Node not found')).not.toBeInTheDocument();
    first.unmount();
    open('/homes/h1/system/htr/records');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information displayed may not be updated',
    );
    expect(screen.queryByText('No installed nodes of this type')).not.toBeInTheDocument();
  });
});

describe('samples failure (spec 3 §8: data-update error, told once)', { timeout: 20_000 }, () => {
  test.each([
    [400, true, null],
    [502, false, 'dataUpdate'],
  ])('a read failing with %i: page line %s, toast %s', async (status, line, toast) => {
    useErrorToastStore.getState().dismiss();
    const { calls } = serve(status);
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(samplesCalls(calls).length).toBeGreaterThan(0));
    // A 5xx read is asked again twice (1 s, then 2 s later) before it fails.
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe(toast));
    const shown = screen.queryByText('The information displayed may not be updated');
    if (line) expect(shown).toBeInTheDocument();
    else expect(shown).toBeNull();
  });
});

describe('home records', { timeout: 20_000 }, () => {
  test('sum the installed heaters of the home, titled with the home only', async () => {
    const { calls } = serve();
    open('/homes/h1/system/htr/records?day=9&month=3&year=2026');
    expect(await screen.findByTestId('records-title')).toHaveTextContent(/^Casa Pins$/);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('1.500'));
    expect(row('08:00')).toHaveTextContent('19.0');
    const asked = samplesCalls(calls).map((c) => new URL(c.url, 'http://x').pathname);
    expect(asked.some((p) => p.includes('/htr/4/'))).toBe(false);
    expect(asked.some((p) => p.includes('/pmo/'))).toBe(false);
  });

  test('with a single installed node of the type, its name follows the home (spec 3 §2)', async () => {
    serve();
    open('/homes/h1/system/pmo/records?day=9&month=3&year=2026');
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Meter$/),
    );
  });
});

describe('one device state (the socket keeps what the page read)', { timeout: 20_000 }, () => {
  test('a node renamed by a socket update is renamed on the page, with no read again', async () => {
    const { calls } = serve();
    const { queryClient } = open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Lounge$/),
    );
    const renamed = devData.nodes.map(({ name, addr, type, installed, lost }) => ({
      name: addr === 2 ? 'Salon' : name,
      addr,
      type,
      installed,
      lost,
    }));
    act(() => applyUpdateToCache(queryClient, DEV, { path: '/mgr/nodes', body: renamed }));
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Salon$/),
    );
    expect(calls.filter((c) => c.url.endsWith('/dev_data'))).toHaveLength(1);
  });
});
