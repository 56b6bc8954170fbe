import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_SERIAL_PREFIX, defaultClientData, type GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage } from './add-home-wizard-page';
import type { Detector } from './model/detect-device';
import { useWizardStore } from './model/wizard-store';

// Ruling D7: the ethernet smartbox is offered always on the web; in the native app, hidden
// when the brand's capabilities say it is unavailable (capabilities.ethernetAvailable).

const shell = vi.hoisted(() => ({ native: false }));
vi.mock('../../lib/platform', async (importActual) => {
  const actual = await importActual<typeof import('../../lib/platform')>();
  return {
    ...actual,
    platform: new Proxy(actual.platform, {
      get: (target, key) =>
        key === 'isNative' ? shell.native : (Reflect.get(target, key) as unknown),
    }),
  };
});

const never: Detector = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
const home = { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' };
const homes: GroupedHome[] = [{ id: 'h1', name: 'Cabin', owner: true, devs: [] }];
let capabilities: ReturnType<typeof defaultClientData>['capabilities'];

beforeEach(() => {
  signIn();
  shell.native = false;
  capabilities = { ...defaultClientData([]).capabilities, ethernetAvailable: false };
  useWizardStore.getState().reset();
  useWizardStore.getState().set({ home, tzCode: 'Europe/Madrid' });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () => json({}),
    'GET /api/v2/groups/h1/geo_data': () => json({ country: 'ES', tz_code: 'Europe/Madrid' }),
    // The signed-in user's brand: the default serial prefix until a serial id is known.
    [`GET /client-data/${DEFAULT_SERIAL_PREFIX}/capabilities.json`]: () => json(capabilities),
  });
});

const openTypeStep = () =>
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/deviceType',
  );
const choices = () =>
  screen
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent)
    .sort();

describe('the ethernet smartbox by platform and brand', () => {
  test('the native app of a brand without ethernet offers the wifi kinds only', async () => {
    shell.native = true;
    openTypeStep();
    await waitFor(() => expect(choices()).toEqual(['Wi-Fi heater', 'Wi-Fi smartbox']));
  });

  test('the native app of a brand with ethernet, or that does not say, offers it', async () => {
    shell.native = true;
    const { ethernetAvailable: _unsaid, ...rest } = capabilities;
    capabilities = rest;
    openTypeStep();
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(3));
    expect(choices()).toEqual(['Ethernet smartbox', 'Wi-Fi heater', 'Wi-Fi smartbox']);
  });

  test('the web app offers ethernet whatever the brand says: the only kind, so the type step is skipped', async () => {
    renderRoute(
      '/list/addHome/:step',
      <AddHomeWizardPage detect={never} />,
      '/list/addHome/homeData',
    );
    await screen.findByLabelText('Home name');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.stringContaining(`/client-data/${DEFAULT_SERIAL_PREFIX}/capabilities.json`),
        expect.anything(),
      ),
    );
    fireEvent.click(screen.getByText('Next'));
    expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceDetection');
    expect(useWizardStore.getState().deviceType).toBe('ethernet');
  });

  test("the native add-device wizard of a brand without ethernet starts with the wifi heater's model, not a detection", async () => {
    shell.native = true;
    capabilities = { ...capabilities, wifiSmartboxAvailable: false };
    renderRoute(
      '/list/homes/:homeId/devices/addDevice/:step',
      <AddHomeWizardPage detect={never} />,
      '/list/homes/h1/devices/addDevice/deviceDetection',
    );
    expect(
      await screen.findByRole('group', { name: 'Which heater model are you installing?' }),
    ).toBeInTheDocument();
    expect(useWizardStore.getState().deviceType).toBe('wifiHtr');
  });
});
