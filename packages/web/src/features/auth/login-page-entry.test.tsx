import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { INPUT_DEBOUNCE_MS, LOGIN_ANIMATION_MS } from '@hearth/protocol';
import { renderWithApp } from '../../test/render';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { LoginPage } from './login-page';
import { renderLogin, tokenRoute } from './login-test-kit';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => {
  vi.unstubAllGlobals();
  useErrorToastStore.getState().dismiss();
});

describe('first press with empty fields (spec 1 §4, §5)', () => {
  // The nudge and the sign-in debounce run on the test's clock.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  test('animates the button for LOGIN_ANIMATION_MS and sends nothing', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    const button = screen.getByRole('button', { name: 'Enter' });
    expect(button).toHaveClass('login__submit--nudge');
    expect(button).toHaveStyle({ animationDuration: `${LOGIN_ANIMATION_MS}ms` });
    act(() => vi.advanceTimersByTime(LOGIN_ANIMATION_MS + 10));
    expect(button).not.toHaveClass('login__submit--nudge');
    expect(calls).toHaveLength(0);
  });

  test('then, once both fields are filled, signs in by itself after INPUT_DEBOUNCE_MS', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    // What a browser's autofill does: the fields change without another press.
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    expect(calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 100));
    expect(calls).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  test('without that first press, filling the fields does not sign in', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INPUT_DEBOUNCE_MS * 4);
    });
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('dashboard reached')).not.toBeInTheDocument();
  });
});

describe('demo link (spec 1 §2, §4)', () => {
  test('loads the demo and goes to the dashboard without any request', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Try the demo' }));
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(useSessionStore.getState().demo).toBe(true);
    expect(calls).toHaveLength(0);
  });

  test('a login attempt leaves demo mode', async () => {
    tokenRoute(401);
    useSessionStore.getState().startDemo();
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong1{Enter}');
    expect(useSessionStore.getState().demo).toBe(false);
    expect(await screen.findByTestId('login-error')).toBeInTheDocument();
  });
});

describe('account-linking sign-in (spec 1 §2)', () => {
  const query = '?client_id=assistant&redirect_uri=https%3A%2F%2Fa.example&state=s';
  function renderLinkingLogin() {
    return renderWithApp(
      <Routes>
        <Route path="/oauth/login" element={<LoginPage linking />} />
        <Route path="/deviceLinking" element={<LocationText />} />
      </Routes>,
      { path: `/oauth/login${query}` },
    );
  }

  test('the Enter button stays disabled until the warning is ticked, then goes to /deviceLinking with the query', async () => {
    tokenRoute(200);
    renderLinkingLogin();
    expect(screen.getByTestId('linking-warning')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    const enter = screen.getByRole('button', { name: 'Enter' });
    expect(enter).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I allow the assistant this access' }),
    );
    expect(enter).toBeEnabled();
    await userEvent.click(enter);
    expect(await screen.findByTestId('where')).toHaveTextContent(`/deviceLinking${query}`);
  });

  test('the register, forgot-password and demo links are offered there too', () => {
    renderLinkingLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/login/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/login/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeInTheDocument();
  });
});

function LocationText() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
