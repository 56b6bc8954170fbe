import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { useErrorToastStore } from '../../lib/http';
import { ForgotPasswordPage } from './forgot-password-page';

let answer: () => Response | Promise<Response>;

beforeEach(() => {
  installFakeFetch({ 'POST /api/v2/users/password/forgot': () => answer() });
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  vi.unstubAllGlobals();
});

function send() {
  renderRoute('/login/forgot-password', <ForgotPasswordPage />, '/login/forgot-password');
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

test.each([
  ['a refusal', 'forgotPassword', () => json({ message: 'no', statusCode: 400, error: 'x' }, 400)],
  ['a server error', 'request', () => json({ message: 'x', statusCode: 500, error: 'x' }, 500)],
  ['no answer', 'request', () => Promise.reject(new TypeError('network down'))],
])('%s is the errors.%s toast (spec 1 §8), not a line in the form', async (_, key, respond) => {
  answer = respond;
  send();
  await waitFor(() => expect(useErrorToastStore.getState().message).toBe(`errors.${key}`));
  expect(screen.queryByTestId('form-error')).toBeNull();
  expect(screen.queryByTestId('form-success')).toBeNull();
});

test('validation stays in the form, with no toast', () => {
  answer = () => json({ message: 'ok' });
  renderRoute('/login/forgot-password', <ForgotPasswordPage />, '/login/forgot-password');
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nobody.example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent('Invalid email');
  expect(useErrorToastStore.getState().message).toBeNull();
});
