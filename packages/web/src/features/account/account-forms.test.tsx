import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { AccountPage } from './account-page';

let calls: RecordedCall[];

beforeEach(() => {
  signIn();
  ({ calls } = installFakeFetch({
    'POST /api/v2/users/u1/email': () => json({ message: 'ok' }),
    'POST /api/v2/users/u1/password': () => json({ message: 'ok' }),
    'DELETE /api/v2/users/u1': () => json({ message: 'ok' }),
  }));
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const writes = () => calls.filter((c) => c.method !== 'GET');

function open(section: 'email' | 'password' | 'configuration') {
  renderRoute('/account', <AccountPage />, `/account?section=${section}`);
}

test('change e-mail: the new e-mail and the password are required (spec 1 §5)', () => {
  open('email');
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent(
    'You must complete the following fields: New e-mail, Password',
  );
  expect(writes()).toHaveLength(0);
});

test('change password: current, new and repeat are required (spec 1 §5)', () => {
  open('password');
  fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent(
    'You must complete the following fields: Current password, Repeat new password',
  );
  expect(writes()).toHaveLength(0);
});

test.each(['short', 'a'.repeat(21), 'new-one1'])(
  'change password: a new password %s is errors.passwordFormat (spec 1 §5)',
  (password) => {
    open('password');
    fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
    fireEvent.change(field('New password'), { target: { value: password } });
    fireEvent.change(field('Repeat new password'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'The password must have 6 to 20 characters',
    );
    expect(writes()).toHaveLength(0);
  },
);

test('change password sends the current and the new password', async () => {
  open('password');
  fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
  fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
  fireEvent.change(field('Repeat new password'), { target: { value: 'new_one1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(JSON.parse(writes()[0]?.body ?? '{}')).toEqual({
    password: 'old_one1',
    new_password: 'new_one1',
  });
});

test('a deleted account ends the session and goes to /login (spec 1 §2)', async () => {
  open('configuration');
  fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
  expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  expect(JSON.parse(writes()[0]?.body ?? '{}')).toMatchObject({ password: 'secret_1' });
  expect(useSessionStore.getState().token).toBeFalsy();
});

test('the switcher offers e-mail, password and configuration, e-mail first (spec 1 §2)', () => {
  renderRoute('/account', <AccountPage />, '/account');
  expect(
    ['email', 'password', 'configuration'].map(
      (s) => screen.getByTestId(`account-tab-${s}`).textContent,
    ),
  ).toEqual(['E-mail', 'Password', 'Configuration']);
  expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeInTheDocument();
});
