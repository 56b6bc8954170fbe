import { beforeEach, describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { SelectDevicePage } from './select-device-page';

const dev = (dev_id: string, name: string, product_id: string) => ({
  dev_id,
  name,
  product_id,
  fw_version: '1',
  serial_id: '1',
});
const homes: GroupedHome[] = [
  {
    id: 'wifi',
    name: 'Wifi heaters',
    owner: true,
    devs: [
      dev('aaaaaaaaaaaaaaaaa1', 'Lounge heater', '021D'),
      dev('aaaaaaaaaaaaaaaaa2', 'Bedroom heater', '0A31'),
    ],
  },
  {
    id: 'mixed',
    name: 'Mixed',
    owner: true,
    devs: [
      dev('bbbbbbbbbbbbbbbbb1', 'Smartbox', '0105'),
      dev('bbbbbbbbbbbbbbbbb2', 'Hall heater', '021D'),
    ],
  },
  {
    id: 'two',
    name: 'Two gateways',
    owner: true,
    devs: [
      dev('ddddddddddddddddd1', 'Upstairs', '0105'),
      dev('ddddddddddddddddd2', 'Downstairs', '0105'),
    ],
  },
];

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
});

const open = (homeId: string, wifiHeaterOffered?: boolean) =>
  renderRoute(
    '/homes/:homeId/addNode/devs/selectDevice',
    <SelectDevicePage wifiHeaterOffered={wifiHeaterOffered} />,
    `/homes/${homeId}/addNode/devs/selectDevice?nodeType=htr`,
  );

const choices = async () =>
  (await screen.findAllByRole('link')).map((l) => [l.textContent, l.getAttribute('href')]);

describe('device choice for node installation (spec 2 §2)', () => {
  test('a home made only of wifi heaters has no gateway to choose and offers to add one', async () => {
    open('wifi');
    expect(
      await screen.findByText(/This home has no gateway to install devices on/),
    ).toBeInTheDocument();
    expect(await choices()).toEqual([
      ['Add a gateway', '/list/homes/wifi/devices/addDevice/deviceDetection'],
    ]);
  });

  test('in the native app a home without a gateway may get a wifi heater (spec 2 §1, §2)', async () => {
    open('wifi', true);
    expect(await choices()).toEqual([
      ['Add a gateway', '/list/homes/wifi/devices/addDevice/deviceDetection'],
      [
        'Install a Wi-Fi heater',
        '/homes/wifi/addNode/deviceInstallation?deviceType=wifiHtr&nodeType=htr',
      ],
    ]);
  });

  test('only gateways take nodes: one gateway beside a wifi heater skips the choice', async () => {
    open('mixed');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/homes/mixed/addNode/devs/bbbbbbbbbbbbbbbbb1/selectType/selectModel?nodeType=htr',
      ),
    );
  });

  test('two gateways are listed to choose from', async () => {
    open('two');
    expect(await choices()).toEqual([
      [
        'Upstairs',
        '/homes/two/addNode/devs/ddddddddddddddddd1/selectType/selectModel?nodeType=htr',
      ],
      [
        'Downstairs',
        '/homes/two/addNode/devs/ddddddddddddddddd2/selectType/selectModel?nodeType=htr',
      ],
    ]);
    expect(screen.queryByText(/no gateway/)).toBeNull();
  });
});

test('a home the user does not have says "Home not found" (spec 2 §8)', async () => {
  open('gone');
  expect(await screen.findByRole('status')).toHaveTextContent(/^Home not found$/);
  expect(screen.queryByText(/no gateway/)).toBeNull();
});
