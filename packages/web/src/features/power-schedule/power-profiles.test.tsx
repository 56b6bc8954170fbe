import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  bodyOf,
  openPower,
  postsTo,
  servePower,
  signedInOnFakeTimers,
  slots,
  two,
} from './power-test-kit';

signedInOnFakeTimers();

describe('power profiles', { timeout: 20_000 }, () => {
  test('a new profile gets a unique name, is limitless, and saves at once', async () => {
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    fireEvent.click(await screen.findByRole('button', { name: 'Add profile' }));
    expect(screen.queryByRole('button', { name: 'Add profile' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'New profile' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('New profile 1');
    expect(within(dialog).getByRole('switch', { name: 'No limit' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'No limit' }));
    expect(within(dialog).getByLabelText('Limit (W)')).toHaveValue('15000');
    // An empty limit is a missing field, not 0 W (which would cut the heating off).
    fireEvent.change(within(dialog).getByLabelText('Limit (W)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You must complete the following fields: Limit (W)',
    );
    fireEvent.change(within(dialog).getByLabelText('Limit (W)'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('between 1000 and 60000 W');
    expect(postsTo(calls, '/pmo_system')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Limit (W)'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    expect(bodyOf(postsTo(calls, '/pmo_system')[0])).toMatchObject({
      max_power_config: { profiles: [4000, -1, 2000] },
    });
    const saved = bodyOf(postsTo(calls, '/extra_data')[0]).maxPowerProfiles as {
      name: string;
      color: string;
    }[];
    expect(saved[2]?.name).toBe('New profile 1');
    expect(saved[2]?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('deleting a profile moves its hours to profile 0 and shifts the rest', async () => {
    const three = [...two, { name: 'Peak', color: '#00ff00', value: 9000 }];
    const { calls } = servePower({ maxPowerProfiles: three, maxPowerType: 'schedule' }, [
      { m: 0, i: 2 },
      { m: 600, i: 1 },
    ]);
    openPower();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Night' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // A delete is asked first; Cancel keeps the profile.
    const ask = screen.getByRole('alertdialog', { name: /^Delete the profile Night\?/ });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(postsTo(calls, '/pmo_system')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    const config = bodyOf(postsTo(calls, '/pmo_system')[0]).max_power_config as {
      profiles: number[];
      slots: { m: number; i: number }[];
    };
    expect(config.profiles).toEqual([4000, 9000]);
    expect(config.slots.slice(0, 2)).toEqual([
      { m: 0, i: 1 },
      { m: 600, i: 0 },
    ]);
  });

  test('"Add profile" goes away at 4 profiles (ruling D1: at most 4)', async () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, color: '#123456', value: 2000 }));
    servePower({ maxPowerProfiles: four.slice(0, 3), maxPowerType: 'schedule' }, slots);
    const first = openPower();
    expect(await screen.findByRole('button', { name: 'Add profile' })).toBeInTheDocument();
    first.unmount();
    servePower({ maxPowerProfiles: four, maxPowerType: 'schedule' }, slots);
    openPower();
    expect(await screen.findAllByTestId('power-profile')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Add profile' })).toBeNull();
  });

  test('legends show the wattage in the user number format or the limitless label', async () => {
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    const rows = await screen.findAllByTestId('power-profile');
    expect(rows[0]).toHaveTextContent('4,000 W');
    expect(rows[1]).toHaveTextContent('No limit');
  });

  test('on a phone, four automatic names stay whole and numbered, so they can be told apart', async () => {
    vi.stubGlobal('innerWidth', 412);
    const four = ['New profile 1', 'New profile 2', 'New profile 3', 'New profile 4'].map(
      (name) => ({
        name,
        color: '#123456',
        value: 2000,
      }),
    );
    servePower({ maxPowerProfiles: four, maxPowerType: 'schedule' }, slots);
    openPower();
    const items = await screen.findAllByTestId('power-profile');
    expect(items.map((i) => i.querySelector('.power__profile-name')?.textContent)).toEqual([
      'New profile 1',
      'New profile 2',
      'New profile 3',
      'New profile 4',
    ]);
  });

  test('the grid names its hours over the columns', async () => {
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    const grid = await screen.findByRole('table', { name: 'Weekly power schedule' });
    const hours = within(grid).getAllByRole('columnheader');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toHaveAccessibleName('00:00');
    expect(hours[23]).toHaveAccessibleName('23:00');
    expect(hours.map((h) => h.textContent).filter(Boolean)).toEqual([
      '00',
      '03',
      '06',
      '09',
      '12',
      '15',
      '18',
      '21',
    ]);
  });
});

test('a profile limit outside 1000–60000 W is refused', { timeout: 20_000 }, async () => {
  const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
  openPower();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Day' }));
  fireEvent.change(screen.getByLabelText('Limit (W)'), { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('alert')).toHaveTextContent('between 1000 and 60000 W');
  expect(postsTo(calls, '/extra_data')).toHaveLength(0);
  // A limit that is not a number is refused too, not stored as 0 (none).
  fireEvent.change(screen.getByLabelText('Limit (W)'), { target: { value: '4 kW' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('alert')).toHaveTextContent('between 1000 and 60000 W');
  expect(postsTo(calls, '/extra_data')).toHaveLength(0);
});
