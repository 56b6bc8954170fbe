import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { DefaultIonLifeCycleContext, IonLifeCycleContext } from '@ionic/react';
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

test('coming back to the step after entering the data by hand searches again', async () => {
  useWizardStore.getState().reset();
  const signals: AbortSignal[] = [];
  const detect: Detector = (signal) => {
    signals.push(signal);
    return new Promise(() => undefined);
  };
  const onNext = vi.fn();
  // The page's view lifecycle, as Ionic's router outlet gives it to a page it keeps mounted.
  const lifeCycle = new DefaultIonLifeCycleContext();
  renderWithApp(
    <IonLifeCycleContext.Provider value={lifeCycle}>
      <DetectionStep detect={detect} onNext={onNext} />
    </IonLifeCycleContext.Provider>,
  );
  // Entering the page the first time does not start a second search.
  act(() => lifeCycle.ionViewWillEnter());
  expect(signals).toHaveLength(1);
  fireEvent.click(screen.getByText('Enter the data by hand'));
  expect(signals[0]?.aborted).toBe(true);
  // The user goes back from the device data step.
  act(() => lifeCycle.ionViewWillEnter());
  expect(signals).toHaveLength(2);
  expect(signals[1]?.aborted).toBe(false);
  expect(screen.getByRole('status')).toHaveTextContent('Looking for your smartbox');
});

test('a device found while the user is on another screen does not move the wizard on', async () => {
  vi.useFakeTimers();
  useWizardStore.getState().reset();
  let found: (devId: string) => void = () => undefined;
  const detect: Detector = () =>
    new Promise((resolve) => {
      found = resolve;
    });
  const onNext = vi.fn();
  const lifeCycle = new DefaultIonLifeCycleContext();
  renderWithApp(
    <IonLifeCycleContext.Provider value={lifeCycle}>
      <DetectionStep detect={detect} onNext={onNext} />
    </IonLifeCycleContext.Provider>,
  );
  act(() => lifeCycle.ionViewWillEnter());
  // The user opens another screen from the menu; the wizard's page stays mounted under it.
  act(() => lifeCycle.ionViewWillLeave());
  await act(async () => found('0123456789abcdef99'));
  act(() => vi.advanceTimersByTime(5_000));
  expect(onNext).not.toHaveBeenCalled();
  // Back on the step, it searches again.
  act(() => lifeCycle.ionViewWillEnter());
  expect(screen.getByRole('status')).toHaveTextContent('Looking for your smartbox');
});

test('under the later steps, a new onNext from the wizard neither searches again nor moves it on (issue 25)', async () => {
  vi.useFakeTimers();
  useWizardStore.getState().reset();
  let searches = 0;
  // Like the real detector: it gives up after 30 s (spec 2 §4).
  const detect: Detector = (signal) => {
    searches += 1;
    return new Promise((_, reject) => {
      const timer = setTimeout(() => reject(new Error('timeout')), 30_000);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
  };
  const first = vi.fn();
  const lifeCycle = new DefaultIonLifeCycleContext();
  let handOver: (onNext: () => void) => void = () => undefined;
  function Wizard() {
    const [onNext, setOnNext] = useState<() => void>(() => first);
    handOver = (next) => setOnNext(() => next);
    return <DetectionStep detect={detect} onNext={onNext} />;
  }
  renderWithApp(
    <IonLifeCycleContext.Provider value={lifeCycle}>
      <Wizard />
    </IonLifeCycleContext.Provider>,
  );
  fireEvent.click(screen.getByText('Enter the data by hand'));
  act(() => lifeCycle.ionViewWillLeave());
  expect(first).toHaveBeenCalledTimes(1);

  // The wizard moves on (form, registration, its wait for the gateway): each move renders this
  // hidden step again with a new onNext.
  const later = vi.fn();
  for (let i = 0; i < 3; i++) {
    act(() => handOver(() => later()));
    await act(async () => vi.advanceTimersByTimeAsync(32_000));
  }
  expect(searches).toBe(1);
  expect(later).not.toHaveBeenCalled();
});
