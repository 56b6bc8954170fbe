import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { brandKeyOf, SUCCESS_BACK_DELAY_MS } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { renderRoute } from '../../test/route-render';
import { useErrorToastStore } from '../../lib/http';
import { FALLBACK_BRAND_KEY, useBrandingStore } from '../../lib/branding/branding-store';
import { ForgotPasswordPage } from './forgot-password-page';

let answer: () => Response | Promise<Response>;

beforeEach(() => {
  installFakeFetch({ 'POST /api/v2/users/password/forgot': () => answer() });
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  vi.useRealTimers();
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
  ['bad input', 'forgotPassword', () => json(errorBody(400, 'validation_failed'), 400)],
  ['an unknown address', 'forgotPassword', () => json(errorBody(404, 'not_found'), 404)],
  ['too many mails', 'forgotPassword', () => json(errorBody(429, 'too_many_attempts'), 429)],
  [
    'a 409 whose code says the server failed',
    'request',
    () => json(errorBody(409, 'internal_error'), 409),
  ],
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

test("the e-mailed link points at the brand's appParameters.frontendHost (spec 1 §3, §7)", async () => {
  const key = brandKeyOf(useBrandingStore.getState().serialId) || FALLBACK_BRAND_KEY;
  const { calls } = installFakeFetch({
    [`GET /client-data/${key}/appParameters.json`]: () =>
      json({ title: 'Calora', frontendHost: 'https://app.calora.example', maxOutdoorRange: 800 }),
    'POST /api/v2/users/password/forgot': () => json({ message: 'ok' }),
  });
  const { queryClient } = renderRoute(
    '/login/forgot-password',
    <ForgotPasswordPage />,
    '/login/forgot-password',
  );
  await waitFor(() => expect(queryClient.getQueryData(['client-data', key])).toBeDefined());
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(screen.getByTestId('form-success')).toBeInTheDocument());
  const sent = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
    frontend_host: 'https://app.calora.example',
  });
});

test('an empty frontendHost sends the origin the app was loaded from', async () => {
  const { calls } = installFakeFetch({
    'POST /api/v2/users/password/forgot': () => json({ message: 'ok' }),
  });
  send();
  await waitFor(() => expect(screen.getByTestId('form-success')).toBeInTheDocument());
  const sent = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ frontend_host: window.location.origin });
});

test.each(['ana@', '@example.com', 'a b@c'])(
  'an e-mail with an at-sign is sent as it is: %s (spec 1 §5)',
  async (address) => {
    const { calls } = installFakeFetch({
      'POST /api/v2/users/password/forgot': () => json({ message: 'ok' }),
    });
    renderRoute('/login/forgot-password', <ForgotPasswordPage />, '/login/forgot-password');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: address } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByTestId('form-error')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('form-success')).toBeInTheDocument());
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ email: address });
  },
);

test('the e-mail field comes first, then Send and Cancel, in that order (spec 1 §2)', () => {
  renderRoute('/login/forgot-password', <ForgotPasswordPage />, '/login/forgot-password');
  const form = screen.getByLabelText('E-mail').closest('form') as HTMLFormElement;
  const controls = Array.from(form.querySelectorAll('input, button')).map(
    (el) => (el as HTMLElement).textContent || (el as HTMLInputElement).type,
  );
  expect(controls).toEqual(['email', 'Send', 'Cancel']);
});

test('an empty e-mail is the fields message naming it, and nothing is sent (spec 1 §5)', () => {
  const { calls } = installFakeFetch({
    'POST /api/v2/users/password/forgot': () => json({ message: 'ok' }),
  });
  renderRoute('/login/forgot-password', <ForgotPasswordPage />, '/login/forgot-password');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent(
    'You must complete the following fields: E-mail',
  );
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('after success the confirmation shows, and 5 s later the app goes back (spec 1 §2, §9)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answer = () => json({ message: 'ok' });
  send();
  expect(await screen.findByTestId('form-success')).toHaveTextContent(
    'If the address is registered, you will receive an e-mail',
  );
  act(() => vi.advanceTimersByTime(SUCCESS_BACK_DELAY_MS - 100));
  expect(screen.getByTestId('location')).toHaveTextContent('/login/forgot-password');
  act(() => vi.advanceTimersByTime(200));
  // Opened directly, there is no page behind: going back lands on the sign-in.
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});
