import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useErrorToastStore } from '../../lib/http';
import { countToasts } from '../../test/toast-count';
import {
  bodyOf,
  DEV,
  openPower,
  postsTo,
  servePower,
  signedInOnFakeTimers,
  slots,
  two,
} from './power-test-kit';

signedInOnFakeTimers();

describe('max power type', { timeout: 20_000 }, () => {
  test('is locked outside admin mode', async () => {
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower(`/homes/h1/devs/${DEV}/powerSchedule`);
    expect(await screen.findByRole('radio', { name: 'Fixed limit' })).toBeDisabled();
  });

  test('fixed refuses values outside 1000–60000 W, then stores one profile on 7 default slots', async () => {
    const { calls } = servePower({});
    openPower();
    fireEvent.click(await screen.findByRole('radio', { name: 'Fixed limit' }));
    const input = screen.getByLabelText('Maximum power (W)');
    fireEvent.change(input, { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('between 1000 and 60000 W');
    expect(postsTo(calls, '/extra_data')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    const extra = bodyOf(postsTo(calls, '/extra_data')[0]);
    expect(extra).toMatchObject({ maxPowerType: 'fixed', nodeData: { keep: 1 } });
    expect((extra.maxPowerProfiles as { value: number }[])[0]?.value).toBe(3000);
    // The wifi heater's device is left out (spec 3 §4).
    expect(postsTo(calls, '/pmo_system')[0]?.url).toContain(DEV);
    expect(bodyOf(postsTo(calls, '/pmo_system')[0])).toEqual({
      main_circuit_pmos: [5],
      max_power_config: {
        profiles: [3000],
        slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 0 })),
      },
    });
  });
});

describe('read failures', { timeout: 20_000 }, () => {
  test('a device whose data cannot be read: a data-update error, and no editor to overwrite it with (spec 3 §8)', async () => {
    const { calls } = servePower(
      { maxPowerProfiles: two, maxPowerType: 'schedule' },
      slots,
      'unread',
    );
    openPower();
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('dataUpdate'));
    // A 503 is asked again twice (app/query-client.ts) before the read counts as failed.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    // Neither the editor nor its profile-selection and setup modals (hidden ones included).
    expect(screen.queryAllByRole('radio', { hidden: true })).toHaveLength(0);
    expect(screen.queryAllByRole('dialog', { hidden: true })).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('save failures', { timeout: 20_000 }, () => {
  test('a refused save is a user-request error (spec 3 §8)', async () => {
    const { calls } = servePower({}, [], 'refuse');
    openPower();
    fireEvent.click(await screen.findByRole('radio', { name: 'Fixed limit' }));
    fireEvent.change(screen.getByLabelText('Maximum power (W)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
  });

  test.each([
    [400, 'validation_failed'],
    [409, undefined],
    [409, 'internal_error'],
    [502, 'bad_gateway'],
  ])(
    "a save answered %i %s is the user-request error, told once: the server's code says who tells it",
    async (status, code) => {
      const { calls } = servePower({}, [], 'refuse', { status, code });
      openPower();
      fireEvent.click(await screen.findByRole('radio', { name: 'Fixed limit' }));
      fireEvent.change(screen.getByLabelText('Maximum power (W)'), { target: { value: '3000' } });
      const told = countToasts();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
    },
  );

  test.each([
    [400, 'validation_failed'],
    [409, 'internal_error'],
  ])(
    'a heater system power limit answered %i %s is told once, by the toast',
    async (status, code) => {
      const { calls } = servePower({}, [], 'refuse', { status, code });
      openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
      fireEvent.change(await screen.findByLabelText('Power limit (W)'), {
        target: { value: '2000' },
      });
      const told = countToasts();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(postsTo(calls, '/power_limit')).toHaveLength(1));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  test('a refused heater system power limit is told once, by the toast, and the page stays (spec 3 §8)', async () => {
    const { calls } = servePower({}, [], 'refuse');
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    fireEvent.change(await screen.findByLabelText('Power limit (W)'), {
      target: { value: '2000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postsTo(calls, '/power_limit')).toHaveLength(1));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByLabelText('Power limit (W)')).toHaveDisplayValue('2000');
  });
});

describe('now', { timeout: 20_000 }, () => {
  test("the current day and hour are highlighted in the home's time zone", async () => {
    // Monday 23:30 UTC is already Tuesday 00:30 in Madrid, the home's zone.
    vi.setSystemTime(new Date('2026-03-09T23:30:00Z'));
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    const today = await screen.findByRole('button', { name: 'Tuesday', current: 'date' });
    expect(today).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Monday', current: 'date' })).toBeNull();
    const hour = screen.getByRole('button', { current: 'time' });
    expect(hour).toHaveAccessibleName(/^Tuesday 00:00/);
  });
});

describe('unknown device', { timeout: 20_000 }, () => {
  test('a devId the home does not hold is "Dev not found", not the home\'s first device', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower('/homes/h1/devs/ffffffffffffffffff/powerSchedule?adminMode=1');
    expect(await screen.findByText('Dev not found')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Fixed limit' })).toBeNull();
    expect(postsTo(calls, '/pmo_system')).toHaveLength(0);
  });
});

describe('profile selection', { timeout: 20_000 }, () => {
  test('with no profiles the user picks limits from the list, then starts the week on one', async () => {
    const { calls } = servePower({ maxPowerProfiles: [], maxPowerType: 'schedule' });
    openPower();
    const dialog = await screen.findByRole('dialog', { name: 'Choose power profiles' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '15 kW' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'No limit' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    const names = (
      bodyOf(postsTo(calls, '/extra_data')[0]).maxPowerProfiles as { name: string }[]
    ).map((p) => p.name);
    expect(names).toEqual(['New profile 1', 'New profile 2']);
    const setup = screen.getByRole('dialog', { name: 'Start the power schedule' });
    fireEvent.change(within(setup).getByLabelText('Profile for the whole week'), {
      target: { value: '1' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(2));
    expect(bodyOf(postsTo(calls, '/pmo_system')[1]).max_power_config).toEqual({
      profiles: [15000, -1],
      slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 1 })),
    });
  });

  test('with profiles but no schedule the selection opens on them, then the setup', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' });
    openPower();
    const dialog = await screen.findByRole('dialog', { name: 'Choose power profiles' });
    expect(within(dialog).getByRole('checkbox', { name: 'Day' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Night' })).toBeChecked();
    expect(screen.queryByRole('dialog', { name: 'Start the power schedule' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Night' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: '5 kW' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    expect(bodyOf(postsTo(calls, '/extra_data')[0]).maxPowerProfiles).toEqual([
      two[0],
      expect.objectContaining({ name: 'New profile 1', value: 5000 }),
    ]);
    const setup = screen.getByRole('dialog', { name: 'Start the power schedule' });
    fireEvent.click(within(setup).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(2));
    expect(bodyOf(postsTo(calls, '/pmo_system')[1]).max_power_config).toEqual({
      profiles: [4000, 5000],
      slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 0 })),
    });
  });

  test('with profiles and a schedule neither modal opens', async () => {
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    expect(
      await screen.findByRole('heading', { name: 'Weekly power schedule' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the selection closes when the list cannot be loaded', async () => {
    servePower({ maxPowerProfiles: [], maxPowerType: 'schedule' }, [], 'fail');
    openPower();
    expect(
      await screen.findByText('Add a power profile to build the schedule'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Choose power profiles' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('power schedule grid', { timeout: 20_000 }, () => {
  test('leaving the screen saves a painted hour at once (spec 3 §4)', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    const view = openPower();
    const cell = await screen.findByRole('button', { name: /^Tuesday 03:00/ });
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }));
    fireEvent.click(cell);
    expect(postsTo(calls, '/pmo_system')).toHaveLength(0);
    view.unmount();
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
  });

  test('a painted hour is saved after 30 s as merged minute-of-week slots', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    const cell = await screen.findByRole('button', { name: /^Tuesday 03:00/ });
    expect(cell).toHaveAccessibleName('Tuesday 03:00: Night');
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }));
    fireEvent.click(cell);
    expect(screen.getByTestId('power-pending')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(postsTo(calls, '/pmo_system')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    const config = bodyOf(postsTo(calls, '/pmo_system')[0]).max_power_config as {
      slots: { m: number; i: number }[];
    };
    const tuesday = 2 * 1440;
    expect(config.slots.filter((s) => s.m >= tuesday && s.m < tuesday + 1440)).toEqual([
      { m: tuesday, i: 1 },
      { m: tuesday + 180, i: 0 },
      { m: tuesday + 240, i: 1 },
    ]);
  });

  test('copy day copies the selected day and saves at once', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    fireEvent.click(await screen.findByRole('button', { name: 'Sunday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy day' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Sunday' });
    expect(within(dialog).getByRole('checkbox', { name: 'Sunday' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Monday 08:00: Day' })).toBeInTheDocument();
  });
});

describe('heater system power limit', { timeout: 20_000 }, () => {
  test('accepts 0 or 1000–60000 whole watts and posts a string', async () => {
    const { calls } = servePower({});
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    const input = await screen.findByLabelText('Power limit (W)');
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('whole number');
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('0 or between 1000 and 60000');
    fireEvent.change(input, { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postsTo(calls, '/power_limit')).toHaveLength(1));
    expect(bodyOf(postsTo(calls, '/power_limit')[0])).toEqual({ power_limit: '2000' });
  });
});
