import { afterEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import type { Detector } from '../model/detect-device';
import { useWizardStore } from '../model/wizard-store';
import { DetectionStep } from './detection-step';

afterEach(() => vi.useRealTimers());

test('entering the data by hand ends the search: a later find or failure changes nothing', async () => {
  vi.useFakeTimers();
  useWizardStore.getState().reset();
  let seen: AbortSignal | undefined;
  let found: (devId: string) => void = () => undefined;
  const detect: Detector = (signal) => {
    seen = signal;
    return new Promise((resolve) => {
      found = resolve;
    });
  };
  const onNext = vi.fn();
  renderWithApp(<DetectionStep detect={detect} onNext={onNext} />);
  fireEvent.click(screen.getByText('Enter the data by hand'));
  expect(onNext).toHaveBeenCalledTimes(1);
  expect(seen?.aborted).toBe(true);
  // A detector that answers anyway (the realtime channel already had the id).
  await act(async () => found('0123456789abcdef99'));
  act(() => vi.advanceTimersByTime(5_000));
  expect(useWizardStore.getState().devIdKnown).toBe(false);
  expect(useWizardStore.getState().devId).toBe('');
  expect(onNext).toHaveBeenCalledTimes(1);
});
