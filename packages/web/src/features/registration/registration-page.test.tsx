import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { brandKeyOf, TEXT_CONTRAST_MIN } from '@hearth/protocol';
import { appStylesheets, cascade, seenContrast } from '../../test/css-cascade';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { countToasts, errorBody } from '../../test/toast-count';
import { useErrorToastStore } from '../../lib/http';
import { FALLBACK_BRAND_KEY, useBrandingStore } from '../../lib/branding/branding-store';
import { RegistrationPage } from './registration-page';

let status = 201;
let code: string | undefined = 'refused';

beforeEach(() => {
  status = 201;
  code = 'refused';
  installFakeFetch({
    'POST /api/v2/users': () =>
      status === 201 ? json({ message: 'ok' }, 201) : json(errorBody(status, code), status),
  });
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  vi.unstubAllGlobals();
});

function register() {
  renderRoute('/login/register', <RegistrationPage />, '/login/register');
  fillIn();
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });

function fillIn(email = 'new@example.com') {
  fireEvent.change(field('E-mail'), { target: { value: email } });
  fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
  fireEvent.change(field('Repeat password'), { target: { value: 'secret_1' } });
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.change(field('Serial id'), { target: { value: '0101' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send register' }));
}

describe('sign-up failures (spec 1 §8)', () => {
  test('409 is the alreadyRegistered toast, not a line in the form', async () => {
    status = 409;
    register();
    await waitFor(() =>
      expect(useErrorToastStore.getState().message).toBe('errors.alreadyRegistered'),
    );
    expect(useErrorToastStore.getState().kind).toBeNull();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  test.each([400, 500, 503])('%i is the global userRequest error', async (answered) => {
    status = answered;
    register();
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(useErrorToastStore.getState().message).toBeNull();
  });

  test("the server's code decides: already_registered is the alreadyRegistered toast", async () => {
    status = 409;
    code = 'already_registered';
    register();
    await waitFor(() =>
      expect(useErrorToastStore.getState().message).toBe('errors.alreadyRegistered'),
    );
  });

  test.each([
    [400, 'validation_failed'],
    [409, 'internal_error'],
    [502, 'bad_gateway'],
  ])(
    '%i %s is the global userRequest error, told once and never as alreadyRegistered',
    async (answered, answeredCode) => {
      status = answered;
      code = answeredCode;
      const told = countToasts();
      register();
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(useErrorToastStore.getState().message).toBeNull();
      expect(told()).toBe(1);
    },
  );
});

test("the confirmation link points at the brand's appParameters.frontendHost (spec 1 §3, §7)", async () => {
  const key = brandKeyOf(useBrandingStore.getState().serialId) || FALLBACK_BRAND_KEY;
  const { calls } = installFakeFetch({
    [`GET /client-data/${key}/appParameters.json`]: () =>
      json({ title: 'Calora', frontendHost: 'https://app.calora.example', maxOutdoorRange: 800 }),
    'POST /api/v2/users': () => json({ message: 'ok' }, 201),
  });
  const { queryClient } = renderRoute('/login/register', <RegistrationPage />, '/login/register');
  await waitFor(() => expect(queryClient.getQueryData(['client-data', key])).toBeDefined());
  fillIn();
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  const sent = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
    frontend_host: 'https://app.calora.example',
  });
});

describe('step 1 asks only for an at-sign in the e-mail (spec 1 §5)', () => {
  test.each(['new@', '@example.com', 'a b@c'])('%s is registered as typed', async (email) => {
    const { calls } = installFakeFetch({ 'POST /api/v2/users': () => json({}, 201) });
    renderRoute('/login/register', <RegistrationPage />, '/login/register');
    fillIn(email);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ email });
  });

  test('an e-mail without one stays on step 1 with errors.email', () => {
    renderRoute('/login/register', <RegistrationPage />, '/login/register');
    fireEvent.change(field('E-mail'), { target: { value: 'new.example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.change(field('Repeat password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent('Invalid email');
    expect(screen.queryByLabelText('Serial id')).toBeNull();
  });
});

describe('serial id help (spec 1 §2)', () => {
  function openHelp() {
    renderRoute('/login/register', <RegistrationPage />, '/login/register');
    fireEvent.change(field('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.change(field('Repeat password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const link = screen.getByRole('button', { name: 'Where is my serial id?' });
    link.focus();
    fireEvent.click(link);
    return link;
  }

  test('the image opens full-screen, not in a dialog box', () => {
    openHelp();
    const help = screen.getByRole('dialog', { name: 'Where is my serial id?' });
    expect(help).toHaveClass('serial-help-screen');
    expect(help.closest('.hearth-dialog, .hearth-dialog__backdrop')).toBeNull();
    expect(within(help).getByRole('img', { name: /4-character code after SN/ })).toBeVisible();
  });

  test("covers the page's toolbar: drawn at the end of the body, its Close a family button", () => {
    const link = openHelp();
    const help = screen.getByRole('dialog', { name: 'Where is my serial id?' });
    // Inside the page it shared the content's stacking context, under the toolbar.
    expect(help.parentElement).toBe(document.body);
    expect(link.closest('form')).not.toContainElement(help);
    const close = within(help).getByRole('button', { name: 'Close' });
    const seen = cascade(appStylesheets());
    expect(seen.value(close, 'min-height')).toBe('44px');
    expect(seenContrast(seen, close)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });

  test('Close or Escape leaves it and gives the focus back to the link', () => {
    const link = openHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(link).toHaveFocus();
    fireEvent.click(link);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

test('each step lists its buttons as spec 1 §2 does: Continue then Cancel, Send register then Back', () => {
  renderRoute('/login/register', <RegistrationPage />, '/login/register');
  const names = (form: string) =>
    within(screen.getByRole('form', { name: form }))
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === null)
      .map((b) => b.textContent);
  expect(names('Access data')).toEqual(['Continue', 'Cancel']);
  fireEvent.change(field('E-mail'), { target: { value: 'new@example.com' } });
  fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
  fireEvent.change(field('Repeat password'), { target: { value: 'secret_1' } });
  fireEvent.click(screen.getByLabelText(/I accept the terms/));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(names('Device data')).toEqual(['Where is my serial id?', 'Send register', 'Back']);
});

describe('a serial id that is filled but not valid (ruling D11)', () => {
  test('is told what a valid one looks like, not that the field is missing', async () => {
    renderRoute('/login/register', <RegistrationPage />, '/login/register');
    fireEvent.change(field('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'secret_1' } });
    fireEvent.change(field('Repeat password'), { target: { value: 'secret_1' } });
    fireEvent.click(screen.getByLabelText(/I accept the terms/));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(field('Serial id'), { target: { value: '9912' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send register' }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(
      'The serial id is a known prefix followed by two digits, for example 1512',
    );
    expect(problem).not.toHaveTextContent('You must complete');
    // The default brand's prefix is valid beside the brand file's keys.
    expect(problem.textContent).toMatch(/known prefixes: .*15/);
    fireEvent.change(field('Serial id'), { target: { value: '1512' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send register' }));
    expect(await screen.findByTestId('form-success')).toBeInTheDocument();
  });

  test('a success clears an earlier failure’s toast', async () => {
    status = 409;
    register();
    await waitFor(() =>
      expect(useErrorToastStore.getState().message).toBe('errors.alreadyRegistered'),
    );
    status = 201;
    fireEvent.click(screen.getByRole('button', { name: 'Send register' }));
    expect(await screen.findByTestId('form-success')).toBeInTheDocument();
    expect(useErrorToastStore.getState().message).toBeNull();
  });
});

test('the brand is named once, by its logo; the page heading is the screen title (issue 25)', () => {
  useBrandingStore.setState({
    brands: {
      [FALLBACK_BRAND_KEY]: {
        css: { brand: 'calora', sbrand: '', cprimary: '#0e6f7a' },
        cprimary: '#0e6f7a',
        clight: '#4fb3bf',
        cdark: '#0a525a',
        cdarksh: '#06363c',
        brand_soporte: 'help@calora.example',
        brand_url_label: 'calora.example',
        productos: [],
      },
    },
  });
  try {
    renderRoute('/login/register', <RegistrationPage />, '/login/register');
    expect(screen.getByRole('img', { name: 'Calora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create an account');
    expect(document.body.textContent).not.toMatch(/calora/i);
  } finally {
    useBrandingStore.setState({ brands: null });
  }
});
