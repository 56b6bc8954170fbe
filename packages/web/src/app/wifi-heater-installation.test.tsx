import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from '../test/route-render';
import { AddNodeStart, WifiHeaterInstallation } from './wifi-heater-installation';

const DEV = '0123456789abcdef77';

describe('wifi heater installation route', () => {
  test('opens the add-device wizard of the home at its node model selection, with nodeType and devid', () => {
    renderRoute(
      '/homes/:homeId/addNode/deviceInstallation',
      <WifiHeaterInstallation />,
      `/homes/h1/addNode/deviceInstallation?deviceType=wifiHtr&nodeType=htr&devid=${DEV}`,
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/list/homes/h1/devices/addDevice/deviceModel?deviceType=wifiHtr&nodeType=htr&devid=${DEV}`,
    );
  });

  test('/homes/{homeId}/addNode, the return target of the model selection, starts at the device choice', () => {
    renderRoute(
      '/homes/:homeId/addNode',
      <AddNodeStart />,
      '/homes/h1/addNode?nodeType=htr&deviceType=wifiHtr',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/homes/h1/addNode/devs/selectDevice?nodeType=htr&deviceType=wifiHtr',
    );
  });
});
