import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../test/render';
import { connectionHelp } from './homes-routes';

describe('the wifi configuration page’s connection help', () => {
  test('is the add-device wizard’s help, with its wifi configuration link', async () => {
    const onAccept = vi.fn();
    renderWithApp(<>{connectionHelp({ type: 'wifiHtr', wifiConfigLink: '/again', onAccept })}</>);
    expect(
      await screen.findByRole('heading', { name: 'Device installation error' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('Not configured'));
    expect(screen.getByRole('link', { name: 'Configure the Wi-Fi network' })).toHaveAttribute(
      'href',
      '/again',
    );
  });
});
