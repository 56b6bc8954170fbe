import { beforeEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { fakeServices, webBleForTest } from './model/fake-services';
import { WifiConfigurationPage, type ConnectionHelpSlot } from './wifi-configuration-page';

const HEATER = '5100aaaaaaaaaaaa01';
const BOX = '5100bbbbbbbbbbbb02';
const dev = (dev_id: string, product_id: string) => ({
  dev_id,
  name: dev_id,
  product_id,
  fw_version: '1',
  serial_id: '1',
});
const homes: GroupedHome[] = [
  { id: 'h1', name: 'Attic', owner: true, devs: [dev(HEATER, '021D'), dev(BOX, '0105')] },
];

/** Stands in for the connection-error help that app/ composes in. */
const help: ConnectionHelpSlot = ({ type, wifiConfigLink, onAccept }) => (
  <section aria-label="Connection help" data-type={type}>
    <Link to={wifiConfigLink}>Configure the Wi-Fi</Link>
    <button type="button" onClick={onAccept}>
      Accept the help
    </button>
  </section>
);

/** A heater that neither Bluetooth nor its own network reaches. */
const unreachable = () =>
  fakeServices({
    ble: webBleForTest,
    join: () => {
      throw new Error('no heater network');
    },
  });

function open(devId: string) {
  return renderRoute(
    '/list/homes/:homeId/:option/:devId/wifiConfiguration',
    <WifiConfigurationPage services={unreachable()} connectionHelp={help} />,
    `/list/homes/h1/devices/${devId}/wifiConfiguration`,
  );
}

async function failProvisioning() {
  await waitFor(() => expect(screen.getByLabelText('Network name')).toHaveValue('CurrentNet'));
  fireEvent.click(screen.getByText('Next'));
  fireEvent.click(screen.getByText('Next'));
  fireEvent.click(screen.getByText('The heater is ready'));
  return screen.findByRole('region', { name: 'Connection help' });
}

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
});

describe('wifi configuration that fails (spec 2 §2, §8)', () => {
  test('shows the connection-error help for a wifi heater; accepting goes to the start', async () => {
    open(HEATER);
    const shown = await failProvisioning();
    expect(shown).toHaveAttribute('data-type', 'wifiHtr');
    expect(screen.getByRole('link', { name: 'Configure the Wi-Fi' })).toHaveAttribute(
      'href',
      `/list/homes/h1/deviceEdit/${HEATER}/wifiConfiguration`,
    );
    expect(screen.queryByText('The heater could not be connected to the network.')).toBeNull();
    fireEvent.click(screen.getByText('Accept the help'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test("the help's wifi configuration link starts the configuration again", async () => {
    open(HEATER);
    await failProvisioning();
    fireEvent.click(screen.getByRole('link', { name: 'Configure the Wi-Fi' }));
    expect(await screen.findByLabelText('Network name')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Connection help' })).toBeNull();
  });

  test('a wifi smartbox gets the help of its own type', async () => {
    open(BOX);
    expect(await failProvisioning()).toHaveAttribute('data-type', 'wifi');
  });
});

test('a wifi configuration that succeeds returns to the start (spec 2 §2)', async () => {
  renderRoute(
    '/list/homes/:homeId/:option/:devId/wifiConfiguration',
    <WifiConfigurationPage
      services={fakeServices({ heater: { devId: HEATER, received: [] } })}
      connectionHelp={help}
    />,
    `/list/homes/h1/devices/${HEATER}/wifiConfiguration`,
  );
  await waitFor(() => expect(screen.getByLabelText('Network name')).toHaveValue('CurrentNet'));
  fireEvent.click(screen.getByText('Next'));
  fireEvent.click(screen.getByText('Next'));
  fireEvent.click(screen.getByText('The heater is ready'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), {
    timeout: 4000,
  });
  expect(screen.queryByRole('region', { name: 'Connection help' })).toBeNull();
});
