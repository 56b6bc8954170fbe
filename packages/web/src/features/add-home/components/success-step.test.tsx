import { afterEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { REGISTRATION_REDIRECT_MS } from '@hearth/protocol';
import { renderRoute } from '../../../test/route-render';
import { SuccessStep } from './success-step';

afterEach(() => vi.useRealTimers());

const open = () =>
  renderRoute('/list/addHome/success', <SuccessStep homeIndex={2} />, '/list/addHome/success');

test('the success message leads to the dashboard at the new home 3 s later (ruling D6)', () => {
  vi.useFakeTimers();
  open();
  expect(screen.getByRole('status')).toHaveTextContent(/./);
  act(() => vi.advanceTimersByTime(REGISTRATION_REDIRECT_MS - 1));
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/success');
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=2');
});

test('leaving the page within the 3 s cancels the move (spec 1 §2)', () => {
  vi.useFakeTimers();
  open();
  // Ionic keeps the page mounted below the next one: the app being elsewhere is leaving.
  window.history.pushState({ key: 'elsewhere' }, '', '/account');
  act(() => vi.advanceTimersByTime(REGISTRATION_REDIRECT_MS * 2));
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/success');
});
