import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DEV,
  body,
  brandKey,
  heater,
  open,
  pickMonday,
  posts,
  serve,
  setUpScheduleTests,
} from './schedule-test-kit';
import { applyUpdateToCache } from '../../lib/devices';
import { useErrorToastStore } from '../../lib/http';
import { countToasts } from '../../test/toast-count';

setUpScheduleTests();

describe('weekly schedule', { timeout: 20_000 }, () => {
  test('a slot edit is saved once after 30 s of inactivity, as a day-keyed prog', async () => {
    const { calls } = serve([heater(2, 'Lounge')]);
    open();
    await pickMonday();
    fireEvent.change(screen.getByLabelText('07:00 – 08:00'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('08:00 – 09:00'), { target: { value: '0' } });
    expect(screen.getByTestId('schedule-pending')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(posts(calls, '/prog')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(1));
    const prog = body(posts(calls, '/prog')[0]).prog as Record<string, number[]>;
    expect(prog['1']?.slice(6, 10)).toEqual([1, 2, 0, 1]);
    expect(prog['2']?.[7]).toBe(1);
  });

  test('leaving the screen flushes an unsaved edit', async () => {
    const { calls } = serve([heater(2, 'Lounge')]);
    const { unmount } = open();
    await pickMonday();
    fireEvent.change(screen.getByLabelText('10:00 – 11:00'), { target: { value: '2' } });
    unmount();
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(1));
    expect((body(posts(calls, '/prog')[0]).prog as Record<string, number[]>)['1']?.[10]).toBe(2);
  });

  test('copy day copies to the chosen days and saves at once; the source is disabled', async () => {
    const { calls } = serve([heater(2, 'Lounge')]);
    open();
    await pickMonday();
    fireEvent.change(screen.getByLabelText('06:00 – 07:00'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Monday' });
    // Spec 3 §4: the selected day is disabled, with a hint.
    expect(
      within(dialog).getByRole('checkbox', { name: /^Monday\s*\(day being copied\)$/ }),
    ).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Wednesday' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(1));
    const prog = body(posts(calls, '/prog')[0]).prog as Record<string, number[]>;
    expect(prog['3']?.[6]).toBe(2);
    expect(prog['2']?.[6]).toBe(1);
  });

  test('switching to half-hourly writes prog_resol 1 and a duplicated programme', async () => {
    const { calls } = serve([heater(2, 'Lounge')]);
    open();
    await pickMonday();
    fireEvent.change(screen.getByLabelText('05:00 – 06:00'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule resolution' }));
    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(1));
    expect(body(posts(calls, '/setup')[0])).toEqual({ units: 'C', prog_resol: 1 });
    const prog = body(posts(calls, '/prog')[0]).prog as Record<string, number[]>;
    expect(prog['1']).toHaveLength(48);
    expect(prog['1']?.slice(10, 12)).toEqual([2, 2]);
    expect(screen.getByLabelText('05:30 – 06:00')).toHaveValue('2');
  });

  test('the day selector and the copy form run Monday to Sunday, in English too (spec 3 §2)', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    const days = within(await screen.findByRole('group', { name: 'Day of the week' }))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(days).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('checkbox')[0]?.closest('label')).toHaveTextContent(
      'Monday',
    );
    expect(within(dialog).getAllByRole('checkbox')[6]?.closest('label')).toHaveTextContent(
      'Sunday',
    );
  });

  test('a missing home, device or node is named as such (spec 3 §8)', async () => {
    useErrorToastStore.getState().dismiss();
    serve([heater(2, 'Lounge')]);
    const first = open(`/homes/h1/devs/${DEV}/htr/9/schedule`);
    expect(await screen.findByText('Node not found')).toBeInTheDocument();
    first.unmount();
    const second = open(`/homes/h1/devs/ffffffffffffffffff/htr/2/schedule`);
    expect(await screen.findByText('Dev not found')).toBeInTheDocument();
    // Nothing of a device outside the home is read, so no error toast joins the message.
    expect(useErrorToastStore.getState().kind).toBeNull();
    second.unmount();
    open(`/homes/h9/devs/${DEV}/htr/2/schedule`);
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
  });

  test("the home's schedule of a home without heaters says so and offers its owner to add devices, not a missing node (issue 25)", async () => {
    serve([]);
    open('/homes/h1/schedule');
    const empty = await screen.findByTestId('schedule-empty');
    expect(empty).toHaveTextContent('Casa Pins has no heaters to schedule yet');
    expect(within(empty).getByRole('link', { name: 'Add devices' })).toHaveAttribute(
      'href',
      '/homes/h1/addNode',
    );
    expect(screen.queryByText('Node not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy day' })).not.toBeInTheDocument();
  });

  test("a guest's home without heaters is told so, with nothing to add", async () => {
    serve([], { owner: false });
    open('/homes/h1/schedule');
    const empty = await screen.findByTestId('schedule-empty');
    expect(empty).toHaveTextContent('Casa Pins has no heaters to schedule yet');
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
  });

  test("the home's schedule with heaters but none chosen sends the user to choose them on the dashboard", async () => {
    serve([heater(2, 'Lounge')]);
    open('/homes/h1/schedule');
    const empty = await screen.findByTestId('schedule-empty');
    expect(empty).toHaveTextContent('Choose on the dashboard the heaters');
    expect(within(empty).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute(
      'href',
      '/?homeIndex=0',
    );
    expect(screen.queryByText('Node not found')).not.toBeInTheDocument();
  });

  test('a device whose data did not load is a data-update error, not a missing node (spec 3 §8)', async () => {
    useErrorToastStore.getState().dismiss();
    serve([heater(2, 'Lounge')], { readStatus: 400 });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information displayed may not be updated',
    );
    expect(screen.queryByText('Node not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  test('a guest is not offered the schedule resolution (spec 3 §6: owner only)', async () => {
    serve([heater(2, 'Lounge')], { owner: false });
    open();
    await pickMonday();
    expect(screen.getByRole('button', { name: 'Copy day' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule resolution' })).not.toBeInTheDocument();
  });

  test('a refused resolution write leaves the hourly schedule on screen', async () => {
    const { calls } = serve([heater(2, 'Lounge')], { setupStatus: 403 });
    open();
    await pickMonday();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule resolution' }));
    fireEvent.click(screen.getByRole('radio', { name: '30 minutes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/setup')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('05:00 – 06:00')).toBeInTheDocument());
    expect(screen.queryByLabelText('05:30 – 06:00')).not.toBeInTheDocument();
    expect(posts(calls, '/prog')).toHaveLength(0);
  });

  test('profiles step by 0.5 °C, clamp at the maximum and save to prog_temps', async () => {
    const { calls } = serve([
      heater(2, 'Lounge', {
        status: { units: 'C', comf_temp: '29.5', eco_temp: '18.0', ice_temp: '7.0', stemp: '2' },
        setup: { ice_temp_editable: false },
      }),
    ]);
    open();
    expect(await screen.findByRole('button', { name: /^Anti-frost \d/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /^Comfort \d/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('profile-value')).toHaveTextContent('30.0 °C');
    expect(screen.getByTestId('profile-value')).toHaveClass('schedule__shake');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/prog_temps')).toHaveLength(1));
    expect(body(posts(calls, '/prog_temps')[0])).toEqual({
      ice_temp: '7.0',
      eco_temp: '18.0',
      comf_temp: '30.0',
      units: 'C',
    });
  });

  test('eco and comfort keep the ranges of the brand’s client data (spec 1 §7 tempThresholds)', async () => {
    const range = (min: number, max: number) => ({ min, max });
    const { calls } = serve([heater(2, 'Lounge')], {
      nodeParameters: {
        tempThresholds: {
          heat: { eco: range(10, 19), comfort: range(19, 24) },
          cold: { eco: range(20, 35), comfort: range(16, 30) },
        },
      },
    });
    const { queryClient } = open();
    await waitFor(() =>
      expect(
        queryClient.getQueryData<{ nodeParameters?: unknown }>(['client-data', brandKey()])
          ?.nodeParameters,
      ).toBeDefined(),
    );
    expect(calls.some((c) => c.url.includes('/nodeParameters.json'))).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: /^Eco \d/ }));
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('profile-value')).toHaveTextContent('19.0 °C');
    expect(screen.getByTestId('profile-value')).toHaveClass('schedule__shake');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: /^Comfort \d/ }));
    for (let i = 0; i < 6; i++) fireEvent.click(screen.getByRole('button', { name: 'Decrease' }));
    expect(screen.getByTestId('profile-value')).toHaveTextContent('19.0 °C');
  });

  test('a refused profile temperature is a user-request error and the node value shows again (spec 3 §8)', async () => {
    const { calls } = serve([heater(2, 'Lounge')], { writeStatus: 400 });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /^Eco \d/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/prog_temps')).toHaveLength(1));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(screen.getByRole('button', { name: /^Eco \d/ })).toHaveTextContent('18.0 °C');
  });

  test.each([
    [400, 'validation_failed'],
    [409, 'device_conflict'],
    [409, 'internal_error'],
    [503, 'internal_error'],
  ])(
    "a profile temperature save answered %i %s is the user-request error, told once: the server's code says who tells it",
    async (writeStatus, writeCode) => {
      const { calls } = serve([heater(2, 'Lounge')], { writeStatus, writeCode });
      open();
      fireEvent.click(await screen.findByRole('button', { name: /^Eco \d/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
      const told = countToasts();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(posts(calls, '/prog_temps')).toHaveLength(1));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
    },
  );

  test('a refused schedule save is a user-request error and the node programme shows again', async () => {
    const { calls } = serve([heater(2, 'Lounge')], { writeStatus: 400 });
    open();
    await pickMonday();
    fireEvent.change(screen.getByLabelText('07:00 – 08:00'), { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(1));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    await waitFor(() => expect(screen.getByLabelText('07:00 – 08:00')).toHaveValue('1'));
  });

  test('a timer node offers only OFF and ON', async () => {
    serve([heater(2, 'Towel rail', { setup: { extra_options: { sensor_mode: 3 } } })]);
    open();
    await pickMonday();
    const select = screen.getByLabelText('00:00 – 01:00');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OFF', 'ON']);
  });

  test('several nodes: the toast lists them and each one receives the save', async () => {
    const { calls } = serve([heater(2, 'Lounge'), heater(3, 'Kitchen')]);
    open(`/homes/h1/schedule?nodes=${DEV}.htr.2,${DEV}.htr.3`);
    expect(await screen.findByTestId('schedule-selected')).toHaveTextContent('Lounge, Kitchen');
    await pickMonday();
    fireEvent.change(screen.getByLabelText('07:00 – 08:00'), { target: { value: '0' } });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(2));
    expect(posts(calls, '/prog').map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      `/api/v2/devs/${DEV}/htr/2/prog`,
      `/api/v2/devs/${DEV}/htr/3/prog`,
    ]);
  });
});

describe('one device state (the socket keeps what the page read)', { timeout: 20_000 }, () => {
  test('a node renamed by a socket update is renamed on the schedule, with no read again', async () => {
    const { calls } = serve([heater(2, 'Lounge')]);
    const { queryClient } = open();
    expect(await screen.findByRole('heading', { name: 'Casa Pins – Lounge' })).toBeInTheDocument();
    const renamed = { name: 'Salon', addr: 2, type: 'htr', installed: true, lost: false } as const;
    act(() => applyUpdateToCache(queryClient, DEV, { path: '/mgr/nodes', body: [renamed] }));
    expect(await screen.findByRole('heading', { name: 'Casa Pins – Salon' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/dev_data'))).toHaveLength(1);
  });
});
