import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { body, heater, open, posts, serve, setUpScheduleTests } from './schedule-test-kit';

setUpScheduleTests();

describe('weekly schedule display (spec 3 §2, §5)', { timeout: 20_000 }, () => {
  test("today is highlighted in the home's time zone and the schedule opens on it", async () => {
    // Monday 23:30 UTC is already Tuesday 00:30 in Madrid, the home's zone.
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 16, 23, 30)));
    serve([heater(2, 'Lounge')]);
    open();
    const days = await screen.findByRole('group', { name: 'Day of the week' });
    const today = within(days).getByRole('button', { current: 'date' });
    expect(today).toHaveAccessibleName('Tuesday');
    expect(today).toHaveAttribute('aria-pressed', 'true');
    expect(within(days).getAllByRole('button', { current: 'date' })).toHaveLength(1);
  });

  test('in Fahrenheit the profile temperatures step by 1', async () => {
    const { calls } = serve([
      heater(2, 'Lounge', {
        status: { units: 'F', comf_temp: '70.0', eco_temp: '64.0', ice_temp: '45.0', stemp: '2' },
      }),
    ]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Comfort' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('profile-value')).toHaveTextContent('71.0 °F');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/prog_temps')).toHaveLength(1));
    expect(body(posts(calls, '/prog_temps')[0])).toMatchObject({ comf_temp: '71.0', units: 'F' });
  });

  test('the header shows anti-frost, eco and comfort, in that order', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    await screen.findByRole('button', { name: 'Edit Comfort' });
    expect(
      screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Edit Anti-frost', 'Edit Eco', 'Edit Comfort']);
  });

  test('a timer node shows OFF and ON in the header instead of the profiles', async () => {
    serve([heater(2, 'Towel rail', { setup: { extra_options: { sensor_mode: 3 } } })]);
    open();
    const header = await screen.findByTestId('schedule-profiles');
    expect(header).toHaveTextContent(/^OFF\s*ON$/);
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});
