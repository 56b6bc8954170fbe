import { afterEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CONFIRMATION_REDIRECT_MS } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { PasswordResetConfirmPage } from './password-confirm-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name, { exact: true });

function reset(password: string, repeat = password) {
  renderRoute(
    '/password-reset-confirm/:serialId',
    <PasswordResetConfirmPage />,
    '/password-reset-confirm/01.01?user=u1&code=c1',
  );
  fireEvent.change(field('New password'), { target: { value: password } });
  fireEvent.change(field('Repeat password'), { target: { value: repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

test('sends user and code, shows passwordResetSuccess, then /login after 5 s (spec 1 §2)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { calls } = installFakeFetch({
    'POST /api/v2/users/password/reset': () => json({ message: 'ok' }),
  });
  reset('new_pass1');
  expect(await screen.findByTestId('form-success')).toHaveTextContent(
    'Your password has been changed. Sign in with the new one.',
  );
  expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ user: 'u1', code: 'c1' });
  act(() => vi.advanceTimersByTime(CONFIRMATION_REDIRECT_MS - 100));
  expect(screen.getByTestId('location')).toHaveTextContent('/password-reset-confirm/01.01');
  act(() => vi.advanceTimersByTime(200));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('a failure says errors.passwordResetConfirmationError (spec 1 §8)', async () => {
  installFakeFetch({
    'POST /api/v2/users/password/reset': () =>
      json({ message: 'bad code', statusCode: 404, error: 'not_found' }, 404),
  });
  reset('new_pass1');
  expect(await screen.findByTestId('form-error')).toHaveTextContent(
    'The link is not valid or has expired',
  );
});

test('a new password outside the rule is errors.passwordFormat, and nothing is sent (spec 1 §5)', async () => {
  const { calls } = installFakeFetch({
    'POST /api/v2/users/password/reset': () => json({ message: 'ok' }),
  });
  reset('abc');
  await waitFor(() =>
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'The password must have 6 to 20 characters',
    ),
  );
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});
