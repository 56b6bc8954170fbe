import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MODE_PARAMS_REFRESH_DEBOUNCE_MS } from '@hearth/protocol';
import { useModeParams, type ModeParams } from './use-mode-params';

const device: ModeParams = { temperature: 24, time: 1, timeLocked: false, maxRunbackTime: 60 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  return renderHook(({ id, params }) => useModeParams(id, params), {
    initialProps: { id: 'n1', params: device as ModeParams | undefined },
  });
}

test("the user's choice shows at once; the device's returns after 10 s of quiet", () => {
  const { result } = setup();
  expect(result.current.params).toEqual(device);
  act(() => result.current.choose({ temperature: 26, time: 3 }));
  expect(result.current.params).toMatchObject({ temperature: 26, time: 3 });
  act(() => vi.advanceTimersByTime(MODE_PARAMS_REFRESH_DEBOUNCE_MS - 1));
  expect(result.current.params).toMatchObject({ temperature: 26, time: 3 });
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.params).toEqual(device);
});

test('each change the device reports restarts the wait, then its latest parameters show', () => {
  const { result, rerender } = setup();
  act(() => result.current.choose({ temperature: 26, time: 3 }));
  act(() => vi.advanceTimersByTime(MODE_PARAMS_REFRESH_DEBOUNCE_MS - 1_000));
  const echoed = { ...device, time: 2 };
  rerender({ id: 'n1', params: echoed });
  act(() => vi.advanceTimersByTime(MODE_PARAMS_REFRESH_DEBOUNCE_MS - 1));
  expect(result.current.params).toMatchObject({ temperature: 26, time: 3 });
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.params).toEqual(echoed);
});

test('another node starts from its own device parameters at once', () => {
  const { result, rerender } = setup();
  act(() => result.current.choose({ temperature: 26, time: 3 }));
  const other = { ...device, temperature: 20 };
  rerender({ id: 'n2', params: other });
  expect(result.current.params).toEqual(other);
});
