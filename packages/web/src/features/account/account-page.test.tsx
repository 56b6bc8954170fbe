import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { brandKeyOf, SUCCESS_TOAST_MS, TEXT_CONTRAST_MIN } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { FALLBACK_BRAND_KEY, useBrandingStore } from '../../lib/branding/branding-store';
import {
  BRAND_COLOURS,
  LOAD_ORDERS,
  appStylesheets,
  brandRootTokens,
  cascade,
  seenContrast,
} from '../../test/css-cascade';
import { AccountPage } from './account-page';

let answer: () => Response | Promise<Response>;
const refusal = () => json({ message: 'wrong password', statusCode: 400, error: 'bad' }, 400);
const taken = () =>
  json({ message: 'already registered', statusCode: 409, error: 'already_registered' }, 409);
const serverError = () => json({ message: 'x', statusCode: 500, error: 'x' }, 500);
// The server's code decides (lib/http refusal.ts): the wrong password is validation_failed, and
// a 400 whose code is no refusal is told as any failure.
const wrongPassword = () => json(errorBody(400, 'validation_failed'), 400);
const failedAs400 = () => json(errorBody(400, 'internal_error'), 400);
const noAnswer = () => Promise.reject(new TypeError('network down'));

beforeEach(() => {
  signIn();
  installFakeFetch({
    'POST /api/v2/users/u1/email': () => answer(),
    'POST /api/v2/users/u1/password': () => answer(),
    'DELETE /api/v2/users/u1': () => answer(),
  });
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByLabelText(name, { exact: true });

function open(section: 'email' | 'password' | 'configuration') {
  renderRoute('/account', <AccountPage />, `/account?section=${section}`);
}

describe('account failures are toasts (spec 1 §8)', () => {
  test.each([
    ['a refusal', 'errors.changeEmail', refusal],
    ['an address that already has an account', 'errors.changeEmail', taken],
    ['the wrong password', 'errors.changeEmail', wrongPassword],
    ['a server error', 'errors.request', serverError],
    ['a 400 whose code is no refusal', 'errors.request', failedAs400],
    ['no answer', 'errors.request', noAnswer],
  ])('change e-mail: %s is %s', async (_, key, respond) => {
    answer = respond;
    open('email');
    fireEvent.change(field('New e-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(useErrorToastStore.getState().message).toBe(key));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  test.each([
    ['a refusal', 'errors.changePassword', refusal],
    ['the wrong password', 'errors.changePassword', wrongPassword],
    ['a server error', 'errors.request', serverError],
    ['a 400 whose code is no refusal', 'errors.request', failedAs400],
    ['a conflict, which is no bad input', 'errors.request', taken],
  ])('change password: %s is %s', async (_, key, respond) => {
    answer = respond;
    open('password');
    fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
    fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
    fireEvent.change(field('Repeat new password'), { target: { value: 'new_one1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(useErrorToastStore.getState().message).toBe(key));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  test('validation stays in the form, with no toast', () => {
    answer = refusal;
    open('password');
    fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
    fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
    fireEvent.change(field('Repeat new password'), { target: { value: 'new_one2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent('Passwords not the same');
    expect(useErrorToastStore.getState().message).toBeNull();
  });
});

describe('account deletion, as seen', () => {
  test('the section tabs keep their words as written, wrapped rather than cut, 44 px high', () => {
    open('configuration');
    const tab = screen.getByTestId('account-tab-configuration');
    const seen = cascade(appStylesheets());
    // Upper case cut "Configuration" to "CONFIGUR…" at 412 px.
    expect(seen.value(tab, 'text-transform')).toBe('none');
    expect(seen.value(tab, 'min-height')).toBe('44px');
    const label = tab.querySelector('ion-label');
    if (!label) throw new Error('a tab without its label');
    expect(seen.value(label, 'white-space')).toBe('normal');
  });

  test.each(BRAND_COLOURS)(
    'the buttons of the page and of the modal read at WCAG AA on brand colour %s',
    (primary) => {
      open('configuration');
      const openButton = screen.getByRole('button', { name: 'Delete account' });
      fireEvent.click(openButton);
      fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
      const dialog = screen.getByTestId('delete-dialog');
      const buttons = [
        openButton,
        within(dialog).getByRole('button', { name: 'Delete' }),
        within(dialog).getByRole('button', { name: 'Cancel' }),
      ];
      for (const files of LOAD_ORDERS) {
        const seen = cascade(files, brandRootTokens(primary));
        for (const button of buttons)
          expect(seenContrast(seen, button), button.textContent ?? '').toBeGreaterThanOrEqual(
            TEXT_CONTRAST_MIN,
          );
      }
    },
  );
});

describe('account deletion failure (spec 1 §8)', () => {
  function confirmDeletion() {
    open('configuration');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  }

  test.each([
    ['a refusal', refusal],
    ['the wrong password', wrongPassword],
  ])('%s closes the modal silently and keeps the session', async (_, respond) => {
    answer = respond;
    confirmDeletion();
    await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
    expect(useErrorToastStore.getState()).toMatchObject({ message: null, kind: null });
    expect(useSessionStore.getState().token).not.toBeNull();
  });

  test.each([
    ['a server error', serverError],
    ['a 400 whose code is no refusal', failedAs400],
    ['a conflict', taken],
  ])('any other failure (%s) closes the modal with the request toast', async (_, respond) => {
    answer = respond;
    confirmDeletion();
    await waitFor(() => expect(useErrorToastStore.getState().message).toBe('errors.request'));
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
  });
});

test("change e-mail: the link points at the brand's appParameters.frontendHost (spec 1 §3, §7)", async () => {
  const key = brandKeyOf(useBrandingStore.getState().serialId) || FALLBACK_BRAND_KEY;
  const { calls } = installFakeFetch({
    [`GET /client-data/${key}/appParameters.json`]: () =>
      json({ title: 'Calora', frontendHost: 'https://app.calora.example', maxOutdoorRange: 800 }),
    'POST /api/v2/users/u1/email': () => json({ message: 'ok' }),
  });
  const { queryClient } = renderRoute('/account', <AccountPage />, '/account?section=email');
  await waitFor(() => expect(queryClient.getQueryData(['client-data', key])).toBeDefined());
  fireEvent.change(field('New e-mail'), { target: { value: 'new@example.com' } });
  fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  const sent = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
    frontend_host: 'https://app.calora.example',
  });
});

describe('change e-mail asks only for an at-sign (spec 1 §5)', () => {
  test.each(['new@', '@example.com', 'a b@c'])('%s is sent', async (address) => {
    const { calls } = installFakeFetch({ 'POST /api/v2/users/u1/email': () => json({}) });
    open('email');
    fireEvent.change(field('New e-mail'), { target: { value: address } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.queryByTestId('form-error')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ new_email: address });
  });

  test('an address without one is errors.email', () => {
    open('email');
    fireEvent.change(field('New e-mail'), { target: { value: 'new.example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent('Invalid email');
  });
});

test('a success message shows for SUCCESS_TOAST_MS, then the app goes back (spec 1 §2)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    answer = () => json({ message: 'ok' });
    open('password');
    fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
    fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
    fireEvent.change(field('Repeat new password'), { target: { value: 'new_one1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('form-success')).toHaveTextContent(
      'Your password has been changed.',
    );
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 100));
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  } finally {
    vi.useRealTimers();
  }
});

test('moved on meanwhile, the success message is gone after SUCCESS_TOAST_MS and the page stays (spec 1 §2)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const before = window.location.pathname;
  try {
    answer = () => json({ message: 'ok' });
    open('password');
    fireEvent.change(field('Current password'), { target: { value: 'old_one1' } });
    fireEvent.change(field('New password'), { target: { value: 'new_one1' } });
    fireEvent.change(field('Repeat new password'), { target: { value: 'new_one1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByTestId('form-success');
    // The user moves on: the browser is at another page while this one stays mounted below.
    window.history.pushState({ key: 'elsewhere' }, '', '/about');
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS + 100));
    expect(screen.queryByTestId('form-success')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  } finally {
    window.history.pushState({}, '', before);
    vi.useRealTimers();
  }
});
