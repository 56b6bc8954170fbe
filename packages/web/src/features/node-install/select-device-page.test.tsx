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
    id: 'one',
    name: 'One heater',
    owner: true,
    devs: [dev('ccccccccccccccccc1', 'Heater', '021D')],
  },
];

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
});

const open = (homeId: string) =>
  renderRoute(
    '/homes/:homeId/addNode/devs/selectDevice',
    <SelectDevicePage />,
    `/homes/${homeId}/addNode/devs/selectDevice?nodeType=htr`,
  );

const choices = async () =>
  (await screen.findAllByRole('link')).map((l) => [l.textContent, l.getAttribute('href')]);

describe('device choice for node installation (spec 2 §2)', () => {
  test('a home made only of wifi heaters lists them', async () => {
    open('wifi');
    expect(await choices()).toEqual([
      [
        'Lounge heater',
        '/homes/wifi/addNode/devs/aaaaaaaaaaaaaaaaa1/selectType/selectModel?nodeType=htr',
      ],
      [
        'Bedroom heater',
        '/homes/wifi/addNode/devs/aaaaaaaaaaaaaaaaa2/selectType/selectModel?nodeType=htr',
      ],
    ]);
  });

  test('every device of the home counts, so two devices are not skipped', async () => {
    open('mixed');
    expect((await choices()).map(([name]) => name)).toEqual(['Smartbox', 'Hall heater']);
  });

  test('a home with one device skips the choice', async () => {
    open('one');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/homes/one/addNode/devs/ccccccccccccccccc1/selectType/selectModel?nodeType=htr',
      ),
    );
  });
});
