import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  DEV,
  body,
  heater,
  open,
  pickMonday,
  posts,
  serve,
  setUpScheduleTests,
  week,
} from './schedule-test-kit';

setUpScheduleTests();

describe('a schedule edited on several nodes', { timeout: 20_000 }, () => {
  test("reaches each node in its own schedule method's slots (spec 3 §3 prog, §4)", async () => {
    const halfHourly = heater(3, 'Kitchen', {
      setup: { prog_resol: 1, extra_options: { sensor_mode: 1 } },
      prog: { prog: week(48) as never },
    });
    const { calls } = serve([heater(2, 'Lounge'), halfHourly]);
    open(`/homes/h1/schedule?nodes=${DEV}.htr.2,${DEV}.htr.3`);
    await pickMonday();
    fireEvent.change(screen.getByLabelText('07:00 – 08:00'), { target: { value: '0' } });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(posts(calls, '/prog')).toHaveLength(2));
    const [hourly, half] = posts(calls, '/prog').map(
      (c) => body(c).prog as Record<string, number[]>,
    );
    expect(hourly?.['1']).toHaveLength(24);
    expect(hourly?.['1']?.slice(6, 9)).toEqual([1, 0, 1]);
    // The hour's entry doubled for the half-hourly node: 07:00 and 07:30.
    expect(half?.['1']).toHaveLength(48);
    expect(half?.['1']?.slice(13, 17)).toEqual([1, 0, 0, 1]);
    expect(half?.['0']).toEqual(Array(48).fill(1));
  });
});
