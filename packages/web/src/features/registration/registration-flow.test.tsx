import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SUCCESS_BACK_DELAY_MS } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { useErrorToastStore } from '../../lib/http';
import { RegistrationPage } from './registration-page';

let calls: { method: string; body?: string }[];

beforeEach(() => {
  ({ calls } = installFakeFetch({ 'POST /api/v2/users': () => json({ message: 'ok' }, 201) }));
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const posts = () => calls.filter((c) => c.method === 'POST');

function open() {
  renderRoute('/login/register', <RegistrationPage />, '/login/register');
}

function access(email: string, password: string, repeat: string, terms = true) {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field('Password'), { target: { value: password } });
  fireEvent.change(field('Repeat password'), { target: { value: repeat } });
  if (terms) fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

function serial(value: string) {
  fireEvent.change(field('Serial id'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Send register' }));
}

describe('step 1 validation (spec 1 §5)', () => {
  test('the password and its repeat hold at most 20 characters (spec 1 §2)', () => {
    open();
    expect(field('Password')).toHaveAttribute('maxLength', '20');
    expect(field('Repeat password')).toHaveAttribute('maxLength', '20');
  });

  test('Continue stays disabled until the terms are ticked', () => {
    open();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('empty fields are listed by name in errors.fields', () => {
    open();
    access('', 'secret_1', '');
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'You must complete the following fields: E-mail, Repeat password',
    );
    expect(screen.queryByLabelText('Serial id')).toBeNull();
  });

  test.each([
    ['fewer than 6 characters', 'abc12', 'abc12'],
    ['more than 20 characters', 'a'.repeat(21), 'a'.repeat(21)],
    ['a character that is not a word character', 'secret-1', 'secret-1'],
  ])('a password of %s is errors.passwordFormat', (_, password, repeat) => {
    open();
    access('new@example.com', password, repeat);
    expect(screen.getByTestId('form-error')).toHaveTextContent(
      'The password must have 6 to 20 characters: letters, digits or underscore',
    );
    expect(screen.queryByLabelText('Serial id')).toBeNull();
  });

  test('a repeat that differs is errors.password', () => {
    open();
    access('new@example.com', 'secret_1', 'secret_2');
    expect(screen.getByTestId('form-error')).toHaveTextContent('Passwords not the same');
    expect(screen.queryByLabelText('Serial id')).toBeNull();
  });
});

describe('step 2 (spec 1 §2, §5)', () => {
  test('the serial id field holds at most 4 characters', () => {
    open();
    access('new@example.com', 'secret_1', 'secret_1');
    expect(field('Serial id')).toHaveAttribute('maxLength', '4');
  });

  test.each(['0301', '011', '01a1'])(
    '%s (not a valid prefix and two digits) is told what a valid serial id looks like, nothing sent',
    (value) => {
      open();
      access('new@example.com', 'secret_1', 'secret_1');
      serial(value);
      // Ruling D11: a filled but wrong serial id is not told that the field is missing.
      expect(screen.getByTestId('form-error')).toHaveTextContent(
        /The serial id is a known prefix followed by two digits, for example/,
      );
      expect(posts()).toHaveLength(0);
    },
  );

  test('the serial id is sent with a dot between each pair of digits', async () => {
    open();
    access('new@example.com', 'secret_1', 'secret_1');
    serial('0107');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]?.body ?? '{}')).toMatchObject({
      email: 'new@example.com',
      password: 'secret_1',
      serialid: '01.07',
    });
  });

  test('Back returns to step 1 with the terms to accept again (entering step 1 resets them)', () => {
    open();
    access('new@example.com', 'secret_1', 'secret_1');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/I accept the terms/)).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});

test('on finishing, the success message shows and 5 s later the app goes back (spec 1 §2, §9)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  open();
  access('new@example.com', 'secret_1', 'secret_1');
  serial('0101');
  expect(await screen.findByTestId('form-success')).toHaveTextContent(
    'Registration sent. Check your e-mail to confirm your account.',
  );
  act(() => vi.advanceTimersByTime(SUCCESS_BACK_DELAY_MS - 100));
  expect(screen.getByTestId('location')).toHaveTextContent('/login/register');
  act(() => vi.advanceTimersByTime(200));
  // Opened directly, there is no page behind: going back lands on the sign-in.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});
