import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { TemperatureUnits } from '@hearth/protocol';
import { useTemperatureEdit, type TemperatureEditInput } from './use-temperature-edit';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(overrides: Partial<TemperatureEditInput> = {}) {
  const send = vi.fn<(value: number, units: TemperatureUnits) => void>();
  const onModifiedAuto = vi.fn();
  const initial: TemperatureEditInput = {
    deviceStemp: '20.0',
    deviceUnits: 'C',
    mode: 'manual',
    limits: { min: 5, max: 30, step: 0.5, units: 'C' },
    send,
    onModifiedAuto,
    ...overrides,
  };
  const hook = renderHook((props: TemperatureEditInput) => useTemperatureEdit(props), {
    initialProps: initial,
  });
  return { ...hook, send, onModifiedAuto, initial };
}

describe('temperature edit (spec 3 §5)', () => {
  test('inverted bounds skip clamping', () => {
    const { result } = setup({
      limits: { min: 30, max: 5, step: 0.5, units: 'C' },
      deviceStemp: '30.0',
    });
    act(() => result.current.nudge(1));
    expect(result.current.value).toBe(30.5);
    expect(result.current.shaking).toBe(false);
  });

  test('plus at or past the maximum sets the maximum and shakes; minus from past it lands in range', () => {
    const { result, send } = setup({ deviceStemp: '31.0' });
    act(() => result.current.nudge(1));
    expect(result.current.value).toBe(30);
    expect(result.current.shaking).toBe(true);
    act(() => vi.advanceTimersByTime(5_000));
    expect(send).toHaveBeenCalledExactlyOnceWith(30, 'C');

    const below = setup({ deviceStemp: '4.0' });
    act(() => below.result.current.nudge(-1));
    expect(below.result.current.value).toBe(5);
    expect(below.result.current.shaking).toBe(true);

    const above = setup({ deviceStemp: '31.0' });
    act(() => above.result.current.nudge(-1));
    expect(above.result.current.value).toBe(30);
  });

  test('plus at the maximum itself only shakes: nothing to send', () => {
    const { result, send } = setup({ deviceStemp: '30.0' });
    act(() => result.current.nudge(1));
    expect(result.current.value).toBe(30);
    expect(result.current.shaking).toBe(true);
    expect(result.current.pending).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(send).not.toHaveBeenCalled();
  });

  test('set clamps to the range and shakes when asked beyond it', () => {
    const { result } = setup();
    act(() => result.current.set(40));
    expect(result.current.value).toBe(30);
    act(() => result.current.set(45));
    expect(result.current.shaking).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.shaking).toBe(false);
  });

  test('steps of 1 in Fahrenheit', () => {
    const { result } = setup({
      deviceStemp: '68.0',
      deviceUnits: 'F',
      limits: { min: 41, max: 86, step: 1, units: 'F' },
    });
    act(() => result.current.nudge(-1));
    expect(result.current.value).toBe(67);
  });

  test('a change of the status units drops the edit and adopts them', () => {
    const { result, rerender, initial, send } = setup();
    act(() => result.current.nudge(1));
    expect(result.current.pending).toBe(true);
    rerender({
      ...initial,
      deviceStemp: '68.0',
      deviceUnits: 'F',
      limits: { min: 41, max: 86, step: 1, units: 'F' },
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.value).toBe(68);
    act(() => vi.advanceTimersByTime(5_000));
    expect(send).not.toHaveBeenCalled();
  });

  test('a narrower range pulls the pending value back in', () => {
    const { result, rerender, initial } = setup();
    act(() => result.current.set(28));
    rerender({ ...initial, limits: { min: 5, max: 25, step: 0.5, units: 'C' } });
    expect(result.current.value).toBe(25);
  });

  test('leaving sends what waits; in auto a change asks for the advice', () => {
    const { result, unmount, send, onModifiedAuto } = setup({ mode: 'auto' });
    act(() => result.current.nudge(-1));
    expect(onModifiedAuto).toHaveBeenCalledTimes(1);
    unmount();
    expect(send).toHaveBeenCalledExactlyOnceWith(19.5, 'C');
  });

  test('sent edits wait for the device: its old value is no answer, a new value of its own is', () => {
    const { result, rerender, initial, send } = setup();
    act(() => result.current.nudge(1));
    act(() => vi.advanceTimersByTime(5_000));
    expect(send).toHaveBeenCalledExactlyOnceWith(20.5, 'C');
    rerender({ ...initial, deviceStemp: '20.0' });
    expect(result.current.pending).toBe(true);
    rerender({ ...initial, deviceStemp: '17.0' });
    expect(result.current.pending).toBe(false);
    expect(result.current.value).toBe(17);
  });

  test("the server's echo of the write (sync pending) is no answer; the device's report is", () => {
    const { result, rerender, initial } = setup();
    act(() => result.current.nudge(1));
    act(() => vi.advanceTimersByTime(5_000));
    rerender({ ...initial, deviceStemp: '20.5', deviceConfirmed: false });
    expect(result.current.pending).toBe(true);
    rerender({ ...initial, deviceStemp: '20.5', deviceConfirmed: true });
    expect(result.current.pending).toBe(false);
    expect(result.current.value).toBe(20.5);
  });

  test('cancel drops an edit before it is sent', () => {
    const { result, send } = setup();
    act(() => result.current.nudge(1));
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(10_000));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.value).toBe(20);
  });
});
