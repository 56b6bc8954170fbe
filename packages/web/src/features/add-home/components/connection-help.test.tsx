import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { ConnectionHelp } from './connection-help';

describe('connection-error help', () => {
  test('ethernet offers no IP, no server and ok, each with its help lines', () => {
    renderWithApp(<ConnectionHelp type="ethernet" onAccept={() => undefined} />);
    const states = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(states).toEqual([
      'No IP address',
      'No connection to the server',
      'Installation correct',
    ]);
    fireEvent.click(screen.getByText('No IP address'));
    expect(within(screen.getByTestId('help-lines')).getAllByRole('paragraph')).toHaveLength(2);
  });

  test('wifi types start with not configured and lead to the numbered guide', () => {
    const accept = vi.fn();
    renderWithApp(
      <ConnectionHelp type="wifi" wifiConfigLink="/x/wifiConfiguration" onAccept={accept} />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByRole('img', { name: 'wifi-box' })).toHaveLength(4);
    fireEvent.click(screen.getByText('Not configured'));
    const guide = screen.getByTestId('disconnected-guide');
    expect(within(guide).getAllByRole('listitem')).toHaveLength(4);
    expect(within(guide).getByRole('link')).toHaveAttribute('href', '/x/wifiConfiguration');
    fireEvent.click(screen.getByText('Accept'));
    expect(accept).toHaveBeenCalled();
  });
});
