import { afterEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DefaultIonLifeCycleContext, IonLifeCycleContext } from '@ionic/react';
import { CONNECTION_WAIT_MS } from '@hearth/protocol';
import { renderWithApp } from '../../../test/render';
import { RegistrationStep } from './registration-step';

afterEach(() => vi.useRealTimers());

test('coming back from the connection-error help registers again instead of a stopped progress', async () => {
  vi.useFakeTimers();
  const addDevice = vi.fn(async () => ({ status: 201 }));
  const onEnd = vi.fn();
  const api = {
    reachable: async () => true,
    addDevice,
    isMine: async () => true,
    connected: async () => false,
  };
  // The page's view lifecycle, as Ionic's router outlet gives it to a page it keeps mounted.
  const lifeCycle = new DefaultIonLifeCycleContext();
  renderWithApp(
    <IonLifeCycleContext.Provider value={lifeCycle}>
      <RegistrationStep devId="0123456789abcdef99" api={api} onEnd={onEnd} onAccept={vi.fn()} />
    </IonLifeCycleContext.Provider>,
  );
  // Entering the page the first time does not register twice.
  act(() => lifeCycle.ionViewWillEnter());
  await act(async () => vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS + 2_000));
  expect(onEnd).toHaveBeenCalledWith('connectionError');
  expect(addDevice).toHaveBeenCalledTimes(1);
  // The user goes back from the help screen.
  act(() => lifeCycle.ionViewWillEnter());
  await act(async () => vi.advanceTimersByTimeAsync(10));
  expect(addDevice).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('progressbar', { name: 'Device registration progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
});

test('a registration that ends after the user went back takes them nowhere', async () => {
  vi.useFakeTimers();
  const onEnd = vi.fn();
  const api = {
    reachable: async () => true,
    addDevice: async () => ({ status: 201 }),
    isMine: async () => true,
    connected: async () => false,
  };
  const view = renderWithApp(
    <RegistrationStep devId="0123456789abcdef99" api={api} onEnd={onEnd} onAccept={vi.fn()} />,
  );
  await act(async () => vi.advanceTimersByTimeAsync(5_000));
  view.unmount();
  await act(async () => vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS + 2_000));
  expect(onEnd).not.toHaveBeenCalled();
});

test('a registration that ends while the user is on another screen takes them nowhere', async () => {
  vi.useFakeTimers();
  const onEnd = vi.fn();
  const api = {
    reachable: async () => true,
    addDevice: async () => ({ status: 201 }),
    isMine: async () => true,
    connected: async () => false,
  };
  const lifeCycle = new DefaultIonLifeCycleContext();
  renderWithApp(
    <IonLifeCycleContext.Provider value={lifeCycle}>
      <RegistrationStep devId="0123456789abcdef99" api={api} onEnd={onEnd} onAccept={vi.fn()} />
    </IonLifeCycleContext.Provider>,
  );
  act(() => lifeCycle.ionViewWillEnter());
  await act(async () => vi.advanceTimersByTimeAsync(5_000));
  // The user opens another screen from the menu; the wizard's page stays mounted under it.
  act(() => lifeCycle.ionViewWillLeave());
  await act(async () => vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS + 2_000));
  expect(onEnd).not.toHaveBeenCalled();
});
