import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { NodeStatus } from '@hearth/protocol';
import { renderWithApp } from '../../../test/render';
import { liveNode } from '../../../test/fake-devices';
import type { LiveNode } from '../../../lib/devices';
import { NodeCard } from './node-card';

function card(node: LiveNode, connected = true, showCheckbox = true) {
  renderWithApp(
    <NodeCard
      node={node}
      homeId="h1"
      devId="d1"
      deviceConnected={connected}
      showCheckbox={showCheckbox}
      selected={false}
      selectionKey="key"
      onToggle={() => undefined}
    />,
  );
  return screen.getByRole('article', { name: node.name });
}

const ok: NodeStatus = {
  mode: 'manual',
  stemp: '21.0',
  mtemp: '19.5',
  units: 'C',
  sync_status: 'ok',
};

describe('node card display states (spec 3 §2)', () => {
  test('a usable node shows its set point, mode icon, a checkbox and links to the detail', () => {
    const el = card(liveNode('Living', 1, ok));
    expect(within(el).getByTestId('node-stemp')).toHaveTextContent('21.0 °C');
    expect(within(el).getByRole('img', { name: 'Manual' })).toBeInTheDocument();
    // Issue 25: the icon is not inside the name, where a long name would cut it off.
    expect(within(el).getByRole('heading', { name: 'Living' })).not.toContainElement(
      within(el).getByRole('img', { name: 'Manual' }),
    );
    expect(within(el).getByTestId('node-badges')).toContainElement(
      within(el).getByRole('img', { name: 'Manual' }),
    );
    expect(within(el).getByRole('checkbox', { name: 'Select Living' })).toBeInTheDocument();
    expect(within(el).getByRole('link', { name: /Living/ })).toHaveAttribute(
      'href',
      '/homes/h1/devs/d1/htr/1',
    );
  });

  test('uninstalled, offline, off and unsync read as such, with a config button instead of a checkbox', () => {
    const un = card({ ...liveNode('A', 1, ok), installed: false });
    expect(within(un).getByTestId('node-stemp')).toHaveTextContent('Uninstalled');
    expect(within(un).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(un).getByRole('link', { name: 'Configure A' })).toBeInTheDocument();
    expect(within(un).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
    // Out of sync while off: no checkbox, so the warning and the config button.
    const offUnsync = card(liveNode('A2', 11, { ...ok, mode: 'off', sync_status: 'unsync' }));
    expect(within(offUnsync).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(offUnsync).getByRole('img', { name: 'Warning' })).toBeInTheDocument();
  });

  test("a lost node shows the blinking lost icon and opens today's records", () => {
    const el = card({ ...liveNode('B', 2, ok), lost: true });
    expect(within(el).getByTestId('node-stemp')).toHaveTextContent('Offline');
    expect(within(el).getByRole('img', { name: 'Lost node' })).toHaveClass('blink');
    expect(within(el).getByRole('link', { name: /^B/ }).getAttribute('href')).toMatch(
      /^\/homes\/h1\/devs\/d1\/htr\/2\/records\?day=\d+&month=\d+&year=\d{4}$/,
    );
  });

  test('off and out-of-sync states, and a disconnected device sends the tap to records', () => {
    const off = card(liveNode('C', 3, { ...ok, mode: 'off' }));
    expect(within(off).getByTestId('node-stemp')).toHaveTextContent('Off');
    // Spec 3 §2: an off node's card is greyed (the off style).
    expect(off).toHaveClass('node-card--off');
    const unsync = card(liveNode('D', 4, { ...ok, sync_status: 'unsync' }));
    expect(within(unsync).getByTestId('node-stemp')).toHaveTextContent('Out of sync, see records');
    // A gateway that is not connected: its nodes read offline and a tap opens the records.
    const away = card(liveNode('D2', 5, ok), false);
    expect(within(away).getByTestId('node-stemp')).toHaveTextContent('Offline');
    expect(within(away).getByRole('link', { name: /^D2/ }).getAttribute('href')).toContain(
      '/records',
    );
  });

  test('a write the device has not confirmed yet shows as pending', () => {
    const el = card(liveNode('P', 12, { ...ok, stemp: '22.0', sync_status: 'pending' }));
    expect(within(el).getByTestId('node-stemp')).toHaveTextContent('22.0 °C');
    expect(within(el).getByTestId('node-pending')).toHaveTextContent(
      'Waiting for the heater to confirm…',
    );
    expect(el).toHaveClass('node-card--pending');
    expect(within(card(liveNode('Q', 13, ok))).queryByTestId('node-pending')).toBeNull();
  });

  test('a timer node shows on or off and hides the measured temperature', () => {
    const setup = { extra_options: { sensor_mode: 3 } };
    const on = card(liveNode('T1', 5, { ...ok, stemp: '1.0' }, { setup }));
    expect(within(on).getByTestId('node-stemp')).toHaveTextContent('On');
    expect(within(on).queryByTestId('node-mtemp')).not.toBeInTheDocument();
    const off = card(liveNode('T2', 6, { ...ok, stemp: '0.0' }, { setup }));
    expect(within(off).getByTestId('node-stemp')).toHaveTextContent('Off');
  });

  test('boost shows the hourglass; runback without boost shows the setback icon', () => {
    const boost = card(liveNode('E', 7, { ...ok, mode: 'boost', boost: true }));
    expect(within(boost).getByRole('img', { name: 'Boost' })).toBeInTheDocument();
    const back = card(liveNode('F', 8, { ...ok, runback: true, boost: false }));
    expect(within(back).getByRole('img', { name: 'Setback active' })).toBeInTheDocument();
  });

  test('a storage heater shows its charge in 8 segments, blinking while charging', () => {
    const acm = {
      ...liveNode('G', 9, { ...ok, charge_level: 2, charging: true }),
      type: 'acm' as const,
    };
    const bar = within(card(acm)).getByRole('meter', { name: 'Charging' });
    expect(bar).toHaveAttribute('data-lit', '3');
    expect(bar).toHaveClass('charge-bar--charging');
  });

  test('status indicators list heating and presence', () => {
    const el = card(liveNode('H', 10, { ...ok, active: true, presence: true }));
    const list = within(el).getByRole('list', { name: 'Status' });
    expect(within(list).getByText('Heating')).toBeInTheDocument();
    expect(within(list).getByText('Presence')).toBeInTheDocument();
  });
});
