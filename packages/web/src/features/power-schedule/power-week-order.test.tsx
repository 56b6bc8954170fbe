import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
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

describe('week order (spec 3 §2, §4)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.removeItem(LANG_STORAGE_KEY);
  });

  test('English rows start on Sunday; other languages on Monday, saved back from a Sunday start', async () => {
    const rowNames = async () =>
      within(await screen.findByRole('table'))
        .getAllByRole('rowheader')
        .map((h) => within(h).getByRole('button').getAttribute('aria-label'));
    servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    const english = openPower();
    expect((await rowNames())[0]).toBe('Sunday');
    english.unmount();

    await changeLanguage('es');
    const { calls } = servePower({ maxPowerProfiles: two, maxPowerType: 'schedule' }, slots);
    openPower();
    const names = await rowNames();
    expect(names[0]).toBe('lunes');
    expect(names[6]).toBe('domingo');
    // Monday 03:00 (the first row here) painted Night: the week is saved from Sunday, minute 0.
    fireEvent.click(screen.getByRole('radio', { name: 'Night' }));
    fireEvent.click(screen.getByRole('button', { name: /^lunes 03:00/ }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(postsTo(calls, '/pmo_system')).toHaveLength(1));
    const config = bodyOf(postsTo(calls, '/pmo_system')[0]).max_power_config as {
      slots: { m: number; i: number }[];
    };
    expect(config.slots.filter((x) => x.m >= 1440 && x.m < 2880)).toEqual([
      { m: 1440, i: 0 },
      { m: 1440 + 180, i: 1 },
      { m: 1440 + 240, i: 0 },
      { m: 1440 + 420, i: 1 },
    ]);
  });
});
