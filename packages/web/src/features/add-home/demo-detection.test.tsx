import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DEMO_DETECTION_MS, DEMO_DEVICE_ID, DETECTION_MESSAGE_MS } from '@hearth/protocol';
import { renderRoute } from '../../test/route-render';
import { useSessionStore } from '../../lib/session/session-store';
import { AddHomeWizardPage } from './add-home-wizard-page';
import { useWizardStore } from './model/wizard-store';

const network = vi.fn(() => Promise.reject(new Error('the network must not be used')));

beforeEach(() => {
  vi.stubGlobal('fetch', network);
  useSessionStore.getState().startDemo();
  useWizardStore.getState().reset();
  useWizardStore
    .getState()
    .set({ home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' } });
});

afterEach(() => {
  useSessionStore.getState().clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  network.mockClear();
});

test('in demo mode the sample device is found after 5 s, without the network (spec 2 §4)', async () => {
  vi.useFakeTimers();
  renderRoute('/list/addHome/:step', <AddHomeWizardPage />, '/list/addHome/deviceDetection');
  await act(async () => undefined);
  await act(async () => vi.advanceTimersByTimeAsync(DEMO_DETECTION_MS - 100));
  expect(screen.queryByText('Device detected')).toBeNull();
  await act(async () => vi.advanceTimersByTimeAsync(100));
  expect(screen.getByText('Device detected')).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(DETECTION_MESSAGE_MS));
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceData');
  expect(screen.getByTestId('known-devid')).toHaveTextContent(DEMO_DEVICE_ID);
  expect(network).not.toHaveBeenCalled();
});
