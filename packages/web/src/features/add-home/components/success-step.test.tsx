import { afterEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderRoute } from '../../../test/route-render';
import { SuccessStep } from './success-step';

afterEach(() => vi.useRealTimers());

test('the wizard success message leads to the dashboard at the new home after 5 s', () => {
  vi.useFakeTimers();
  renderRoute('/done', <SuccessStep homeIndex={2} />, '/done');
  act(() => vi.advanceTimersByTime(4999));
  expect(screen.getByTestId('location')).toHaveTextContent('/done');
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=2');
});
