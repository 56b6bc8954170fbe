import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { errorBody } from '../../test/toast-count';
import { useErrorToastStore } from '../../lib/http';
import { InviteConfirmPage } from './password-confirm-page';

let calls: RecordedCall[];

beforeEach(() => {
  ({ calls } = installFakeFetch({
    'POST /api/v2/users/g1/invite_confirmation': () => json({ message: 'ok' }),
  }));
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  vi.unstubAllGlobals();
});

function fill(password: string, repeat: string) {
  const field = (name: string) => screen.getByLabelText(name, { exact: true });
  fireEvent.change(field('New password'), { target: { value: password } });
  fireEvent.change(field('Repeat password'), { target: { value: repeat } });
}

const invite = () =>
  renderRoute(
    '/invite-confirm/:serialId',
    <InviteConfirmPage />,
    '/invite-confirm/01?userid=g1&code=c1',
  );
const sent = () => calls.filter((c) => c.url.includes('invite_confirmation'));

test('unequal passwords are the errors.password toast (spec 1 §5), nothing is sent', () => {
  invite();
  fill('guest_pw1', 'guest_pw2');
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(useErrorToastStore.getState().message).toBe('errors.password');
  expect(screen.queryByTestId('form-error')).toBeNull();
  expect(sent()).toHaveLength(0);
});

test('the terms must be ticked, even when the form is submitted from a field', async () => {
  invite();
  fill('guest_pw1', 'guest_pw1');
  const go = screen.getByRole('button', { name: 'Continue' });
  expect(go).toBeDisabled();
  fireEvent.submit(go.closest('form') as HTMLFormElement);
  // Had that been sent, the outcome would now block the second try: the one call that goes
  // out must carry the second password.
  fill('guest_pw3', 'guest_pw3');
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(go);
  await waitFor(() => expect(screen.getByTestId('form-success')).toBeInTheDocument());
  expect(sent().map((c) => JSON.parse(c.body ?? '{}') as unknown)).toEqual([
    { pass: 'guest_pw3', code: 'c1' },
  ]);
});

test('no password-format rule is applied beyond the help text (spec 1 §5): an existing account may keep an older password', async () => {
  invite();
  expect(screen.getByText('6 to 20 characters: letters, digits or underscore')).toBeInTheDocument();
  fill('old-pass', 'old-pass');
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByTestId('form-success')).toBeInTheDocument());
  expect(sent().map((c) => JSON.parse(c.body ?? '{}') as unknown)).toEqual([
    { pass: 'old-pass', code: 'c1' },
  ]);
});

test('empty passwords are the fields message, nothing is sent', () => {
  invite();
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent(
    'You must complete the following fields: New password, Repeat password',
  );
  expect(sent()).toHaveLength(0);
});

describe('a password the server refuses leaves the invite link usable', () => {
  const refuseFirst = () => {
    let first = true;
    return installFakeFetch({
      'POST /api/v2/users/g1/invite_confirmation': () => {
        if (!first) return json({ email: 'guest@example.com' });
        first = false;
        return json({ message: 'refused', statusCode: 400, error: 'validation_failed' }, 400);
      },
    });
  };

  test('one outside the rule says the rule, and another try goes through', async () => {
    refuseFirst();
    invite();
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fill('pw', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'The password must have 6 to 20 characters: letters, digits or underscore',
    );
    fill('guest_pw1', 'guest_pw1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('form-success')).toHaveTextContent('Invitation accepted');
  });

  test("one that fits the rule was not the password of the address's account", async () => {
    refuseFirst();
    invite();
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fill('not_mine1', 'not_mine1');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'This e-mail address already has an account: enter the password of that account.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test.each([
    [400, 'internal_error'],
    [409, 'already_registered'],
    [500, undefined],
  ])(
    "the server's code decides: %i %s is no refused password, the invite fails",
    async (status, code) => {
      installFakeFetch({
        'POST /api/v2/users/g1/invite_confirmation': () => json(errorBody(status, code), status),
      });
      invite();
      fireEvent.click(screen.getByLabelText(/I accept the terms/));
      fill('guest_pw1', 'guest_pw1');
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByTestId('form-error')).toHaveTextContent(
        'The invitation could not be confirmed',
      );
    },
  );
});
