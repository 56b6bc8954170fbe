import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXT_CONTRAST_MIN } from '@hearth/protocol';
import {
  BRAND_COLOURS,
  appStylesheets,
  brandRootTokens,
  buttonLook,
  cascade,
  familyButtonLook,
  seenContrast,
} from '../../test/css-cascade';
import {
  body,
  heater,
  open,
  pickMonday,
  posts,
  serve,
  setUpScheduleTests,
} from './schedule-test-kit';

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
    fireEvent.click(await screen.findByRole('button', { name: /^Comfort \d/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByTestId('profile-value')).toHaveTextContent('71.0 °F');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, '/prog_temps')).toHaveLength(1));
    expect(body(posts(calls, '/prog_temps')[0])).toMatchObject({ comf_temp: '71.0', units: 'F' });
  });

  test('the header shows anti-frost, eco and comfort, in that order', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    await screen.findByRole('button', { name: /^Comfort \d/ });
    const profiles = within(screen.getByTestId('schedule-profiles')).getAllByRole('button');
    expect(profiles.map((b) => b.getAttribute('title'))).toEqual([
      'Edit Anti-frost',
      'Edit Eco',
      'Edit Comfort',
    ]);
    // WCAG 2.5.3: each accessible name is the visible text ("Eco 18.0 °C"), not "Edit Eco".
    for (const button of profiles) expect(button).toHaveAccessibleName(button.textContent ?? '');
    expect(profiles.map((b) => b.textContent)).toEqual([
      'Anti-frost 7.0 °C',
      'Eco 18.0 °C',
      'Comfort 21.0 °C',
    ]);
  });

  test('a timer node shows OFF and ON in the header instead of the profiles', async () => {
    serve([heater(2, 'Towel rail', { setup: { extra_options: { sensor_mode: 3 } } })]);
    open();
    const header = await screen.findByTestId('schedule-profiles');
    expect(header).toHaveTextContent(/^OFF\s*ON$/);
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});

describe('the schedule, as seen', { timeout: 30_000 }, () => {
  test('each slot tells its hours and its profile at WCAG AA, in every profile colour', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    await pickMonday();
    const seen = cascade(appStylesheets());
    const checked = new Set<string>();
    for (const select of screen.getAllByRole('combobox')) {
      const slot = select.closest('li');
      if (!slot) throw new Error('a slot value outside a slot');
      checked.add(slot.className);
      const hours = slot.querySelector('span');
      if (!hours) throw new Error('a slot without its hours');
      expect(seenContrast(seen, hours), slot.className).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      expect(seenContrast(seen, select), slot.className).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    }
    fireEvent.change(screen.getByLabelText('01:00 – 02:00'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('02:00 – 03:00'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('03:00 – 04:00'), { target: { value: '2' } });
    for (const range of ['01:00 – 02:00', '02:00 – 03:00', '03:00 – 04:00']) {
      const select = screen.getByLabelText(range);
      expect(seenContrast(seen, select)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      const hours = select.closest('li')?.querySelector('span');
      if (!hours) throw new Error('a slot without its hours');
      expect(seenContrast(seen, hours)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    }
  });

  test('"Copy day" is a button of the app family, 44 px high', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    await pickMonday();
    const seen = cascade(appStylesheets());
    const copy = screen.getByRole('button', { name: 'Copy day' });
    expect(buttonLook(seen, copy)).toEqual(familyButtonLook(seen));
    expect(seen.value(copy, 'min-height')).toBe('44px');
  });

  test.each(BRAND_COLOURS)(
    'the chosen day reads at WCAG AA on brand colour %s',
    async (primary) => {
      serve([heater(2, 'Lounge')]);
      open();
      await pickMonday();
      const seen = cascade(appStylesheets(), brandRootTokens(primary));
      const monday = screen.getByRole('button', { name: 'Monday' });
      expect(monday).toHaveAttribute('aria-pressed', 'true');
      expect(seenContrast(seen, monday)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    },
  );

  test('the profile buttons read at WCAG AA', async () => {
    serve([heater(2, 'Lounge')]);
    open();
    await screen.findByRole('button', { name: /^Comfort \d/ });
    const seen = cascade(appStylesheets());
    for (const button of within(screen.getByTestId('schedule-profiles')).getAllByRole('button'))
      for (const part of button.querySelectorAll('span'))
        expect(seenContrast(seen, part), part.textContent ?? '').toBeGreaterThanOrEqual(
          TEXT_CONTRAST_MIN,
        );
  });
});
