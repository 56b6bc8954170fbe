import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DefaultIonLifeCycleContext, IonLifeCycleContext } from '@ionic/react';
import { renderWithApp } from '../../test/render';
import { webBleForTest, fakeServices } from './model/fake-services';
import { createFakeBle, fakeHeater } from './model/fake-bluetooth-le';
import { WifiProvisioningFlow } from './wifi-provisioning-flow';

const next = () => fireEvent.click(screen.getByText('Next'));
/** The first step, once the phone's current network has filled the name. */
const onFirstStep = () =>
  waitFor(() => expect(screen.getByLabelText('Network name')).toHaveValue('CurrentNet'));

describe('wifi provisioning screens', () => {
  test('on the web the flow says it needs the mobile app', () => {
    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={fakeServices({ wifi: { available: false }, ble: webBleForTest })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('only available in the mobile app');
  });

  test('networks strongest first with their signal level; a QR code fills both fields', async () => {
    const codes = ['https://not-wifi.example', 'WIFI:T:WPA;S:Attic;P:pa55word;;'];
    const services = fakeServices({
      networks: [
        { essid: 'Far', rssi: -80 },
        { essid: 'Home', rssi: -50 },
        { essid: 'Near', rssi: -35 },
      ],
      qr: () => Promise.resolve(codes.shift() ?? null),
    });
    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={services}
      />,
    );
    expect(await screen.findByTestId('wifi-sub-step')).toHaveTextContent(
      'Step 1 of 4: Wi-Fi network',
    );
    const buttons = await screen.findAllByRole('button', { pressed: false });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'NearSignal 4 of 4',
      'HomeSignal 3 of 4',
      'FarSignal 1 of 4',
    ]);
    // The phone's current network is the default.
    expect(screen.getByLabelText('Network name')).toHaveValue('CurrentNet');
    fireEvent.click(screen.getByText("Scan the network's QR code"));
    await waitFor(() => expect(screen.getByLabelText('Network name')).toHaveValue('Attic'));
    expect(screen.getByLabelText('Network password')).toHaveValue('pa55word');
    expect(screen.getByText(/holds no Wi-Fi network/)).toBeInTheDocument();
  });

  test('a camera that fails says so and leaves the fields; no camera, no scan button', async () => {
    const services = fakeServices({
      qr: () => Promise.reject(new Error('User denied access to camera.')),
    });
    const { unmount } = renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={services}
      />,
    );
    await onFirstStep();
    fireEvent.click(screen.getByText("Scan the network's QR code"));
    expect(await screen.findByRole('status')).toHaveTextContent('could not read a code');
    expect(screen.getByLabelText('Network name')).toHaveValue('CurrentNet');
    expect(screen.getByText("Scan the network's QR code")).toBeEnabled();
    unmount();

    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={fakeServices()}
      />,
    );
    await onFirstStep();
    expect(screen.queryByText("Scan the network's QR code")).toBeNull();
  });

  test('the network name is required and at most 32 characters', async () => {
    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={fakeServices({ current: null })}
      />,
    );
    await screen.findByTestId('wifi-sub-step');
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the network name.');
    fireEvent.change(screen.getByLabelText('Network name'), { target: { value: 'x'.repeat(33) } });
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('at most 32 characters');
  });

  test('Bluetooth first; when it fails the access point takes over one step back, then the heater is confirmed', async () => {
    const onDone = vi.fn();
    const ap: string[] = [];
    const services = fakeServices({
      ble: {
        available: true,
        os: 'android',
        central: createFakeBle({ os: 'android', heaters: [], initializeError: 'BLE unsupported' }),
        espProvision: () => Promise.resolve({ devId: null }),
      },
      join: () => {
        ap.push('join');
      },
      heater: { devId: '5100dddddddddddd04', received: ap },
    });
    renderWithApp(
      <WifiProvisioningFlow
        onDone={onDone}
        onConnectionError={() => undefined}
        services={services}
      />,
    );
    await onFirstStep();
    fireEvent.change(screen.getByLabelText('Network password'), { target: { value: 'pw' } });
    next();
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 2 of 4');
    expect(screen.getByRole('radio', { name: 'Bluetooth (recommended)' })).toBeChecked();
    next();
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 3 of 4');
    fireEvent.click(screen.getByText('The heater is ready'));
    // Bluetooth fails: back to step 3, now for the access point.
    await waitFor(() =>
      expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 3 of 4'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Connecting by Bluetooth (recommended) did not work',
    );
    expect(screen.getByText(/named Heater_xxxx/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('The heater is ready'));
    expect(await screen.findByText('Heater found: 5100dddddddddddd04')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('5100dddddddddddd04'));
    expect(ap).toEqual(['join', 'POST CurrentNet ENC(CurrentNet:pw)']);
    expect(
      screen.getByRole('progressbar', { name: 'Wi-Fi configuration progress' }),
    ).toHaveAttribute('aria-valuenow', '100');
  });

  test('the access point failing too ends in the connection error', async () => {
    const onError = vi.fn();
    const services = fakeServices({
      ble: webBleForTest,
      join: () => {
        throw new Error('no heater network');
      },
    });
    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={onError}
        services={services}
      />,
    );
    await onFirstStep();
    next();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    next();
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(onError).toHaveBeenCalled());
  });

  test('coming back to the screen after the connection error offers to connect the heater again', async () => {
    const onError = vi.fn();
    const services = fakeServices({
      ble: webBleForTest,
      join: () => {
        throw new Error('no heater network');
      },
    });
    // The page's view lifecycle, as Ionic's router outlet gives it to a page it keeps mounted.
    const lifeCycle = new DefaultIonLifeCycleContext();
    renderWithApp(
      <IonLifeCycleContext.Provider value={lifeCycle}>
        <WifiProvisioningFlow
          onDone={() => undefined}
          onConnectionError={onError}
          services={services}
        />
      </IonLifeCycleContext.Provider>,
    );
    await onFirstStep();
    act(() => lifeCycle.ionViewWillEnter());
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 1 of 4');
    next();
    next();
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    // The user comes back from the connection-error help.
    act(() => lifeCycle.ionViewWillEnter());
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 3 of 4');
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
  });

  test('cancel stops a running method and goes back to preparing the heater', async () => {
    const central = createFakeBle({ os: 'android', heaters: [] });
    const services = fakeServices({
      ble: {
        available: true,
        os: 'android',
        central,
        espProvision: () => Promise.resolve({ devId: null }),
      },
    });
    renderWithApp(
      <WifiProvisioningFlow
        onDone={() => undefined}
        onConnectionError={() => undefined}
        services={services}
      />,
    );
    await onFirstStep();
    next();
    next();
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(central.scanning).toBe(true));
    fireEvent.click(screen.getByText('Cancel'));
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 3 of 4');
    await waitFor(() => expect(central.scanning).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('leaving for another screen stops a running method, as Cancel does', async () => {
    const central = createFakeBle({ os: 'android', heaters: [] });
    const onDone = vi.fn();
    const onError = vi.fn();
    const services = fakeServices({
      ble: {
        available: true,
        os: 'android',
        central,
        espProvision: () => Promise.resolve({ devId: null }),
      },
    });
    const lifeCycle = new DefaultIonLifeCycleContext();
    renderWithApp(
      <IonLifeCycleContext.Provider value={lifeCycle}>
        <WifiProvisioningFlow onDone={onDone} onConnectionError={onError} services={services} />
      </IonLifeCycleContext.Provider>,
    );
    await onFirstStep();
    next();
    next();
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(central.scanning).toBe(true));
    // The user opens another screen from the menu; the wizard's page stays mounted under it.
    act(() => lifeCycle.ionViewWillLeave());
    expect(screen.getByTestId('wifi-sub-step')).toHaveTextContent('Step 3 of 4');
    await waitFor(() => expect(central.scanning).toBe(false));
    expect(onDone).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  test('a Bluetooth heater is provisioned without the access point', async () => {
    const onDone = vi.fn();
    const heater = fakeHeater({ name: 'Heater-77aa', devId: '5100eeeeeeeeeeee05' });
    const services = fakeServices({
      ble: {
        available: true,
        os: 'ios',
        central: createFakeBle({ os: 'ios', heaters: [heater], advertiseAfterMs: 1 }),
        espProvision: () => Promise.resolve({ devId: null }),
      },
    });
    renderWithApp(
      <WifiProvisioningFlow
        onDone={onDone}
        onConnectionError={() => undefined}
        services={services}
      />,
    );
    await onFirstStep();
    next();
    next();
    fireEvent.click(screen.getByText('The heater is ready'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('5100eeeeeeeeeeee05'));
    expect(heater.networks).toEqual([{ essid: 'CurrentNet', pass: 'ENC(CurrentNet:)' }]);
  });
});
