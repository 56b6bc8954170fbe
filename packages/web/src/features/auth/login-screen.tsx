import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import {
  FRONTEND_VERSION,
  INPUT_DEBOUNCE_MS,
  LOGIN_ANIMATION_MS,
  LOGIN_ERROR_TOAST_MS,
} from '@hearth/protocol';
import { BUILD_YEAR } from '../../lib/build-year';
import { BrandMainLogo } from '../../lib/branding/brand-main-logo';
import { useErrorToastStore } from '../../lib/http/error-store';
import { refusalOf, reportRefusal } from '../../lib/http/refusal';
import { useSessionStore } from '../../lib/session/session-store';
import { Toast } from '../../lib/ui/toast';
import { login } from './api/login';
import { resendConfirmation } from './api/resend-confirmation';
import { LinkingWarning } from './linking-warning';
import type { Translate } from './light/light-i18n';
import './login.css';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface LoginScreenProps {
  /** The user's strings: i18next's `t` in the full app, the light lookup before it loads. */
  t: Translate;
  /** The router's navigate in the full app; the light entry loads the full app at `to`. */
  navigate: Navigate;
  /** Account linking for an assistant: the warning must be ticked first (spec 1 §2). */
  linking?: boolean;
  /** The assistant's query, kept on the way to /deviceLinking. */
  search?: string;
  /** Remember is on by default only in the native app (spec 1 §2). */
  isNative: boolean;
}

/** A plain left click on an in-app link goes through `navigate`; others open as links do. */
const followLink = (navigate: Navigate, to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate(to);
};

/**
 * Ionicons' outline drawings leave fill and stroke to classes of Ionicons' own CSS; drawn as a
 * mask (no icon component here) they need them spelled out.
 */
const maskable = (icon: string) =>
  icon.replaceAll(
    "class='ionicon-fill-none ionicon-stroke-width'",
    "fill='none' stroke='black' stroke-width='32'",
  );
const EYE = maskable(eyeOutline);
const EYE_OFF = maskable(eyeOffOutline);

const fieldsOf = (form: HTMLFormElement) => {
  // Read from the fields themselves, so values a browser autofilled count too.
  const data = new FormData(form);
  return {
    username: String(data.get('username') ?? '').trim(),
    password: String(data.get('password') ?? ''),
  };
};

/**
 * Sign-in (spec 1 §2 "Login"): e-mail, password with reveal, remember switch, Enter. Plain
 * React and CSS, with no router, Ionic or query library of its own, so that the light entry
 * (main.tsx) shows it before the full app has loaded; the full app's /login renders it too
 * (login-page.tsx), so there is one sign-in screen.
 */
export function LoginScreen({
  t,
  navigate,
  linking = false,
  search = '',
  isNative,
}: LoginScreenProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [revealed, setRevealed] = useState(false);
  const [remember, setRemember] = useState(isNative);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const [wrongCredentials, setWrongCredentials] = useState(false);
  // Ruling D14: a right password on an unconfirmed account is told so, with the link offered again.
  const [unconfirmed, setUnconfirmed] = useState<{
    email: string;
    sent: 'no' | 'sending' | 'sent' | 'failed';
  } | null>(null);
  const [linkAllowed, setLinkAllowed] = useState(false);
  // Spec 1 §4: the first press with empty fields marks the fields to be read (autofill) and
  // animates; from then on, field changes (debounced) sign in by themselves once both are set.
  const autofillForced = useRef(false);
  const [nudging, setNudging] = useState(false);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (!wrongCredentials) return;
    const timer = setTimeout(() => setWrongCredentials(false), LOGIN_ERROR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [wrongCredentials]);

  useEffect(() => {
    if (!nudging) return;
    const timer = setTimeout(() => setNudging(false), LOGIN_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [nudging]);

  const attempt = () => {
    // Spec 1 §4: any login attempt leaves demo mode.
    useSessionStore.getState().endDemo();
    if (!form.current) return;
    const { username, password } = fieldsOf(form.current);
    // Spec 1 §5: nothing happens if username or password is empty.
    if (username === '' || password === '') {
      autofillForced.current = true;
      setNudging(true);
      return;
    }
    if (sending.current || (linking && !linkAllowed)) return;
    sending.current = true;
    setPending(true);
    setWrongCredentials(false);
    login({ username, password, remember }).then(
      () => navigate(linking ? `/deviceLinking${search}` : '/', { replace: true }),
      (error: unknown) => {
        sending.current = false;
        setPending(false);
        // Spec 1 §8: refused credentials (401) are the wrong-credentials warning, but for an
        // address not confirmed yet; any other failure is the global userRequest error, which
        // the HTTP layer has already shown except for a refusal it leaves to the caller.
        const refusal = refusalOf(error);
        const notConfirmed =
          refusal.kind === 'unauthorized' && refusal.code === 'email_not_confirmed';
        setWrongCredentials(refusal.kind === 'unauthorized' && !notConfirmed);
        setUnconfirmed(notConfirmed ? { email: username, sent: 'no' } : null);
        reportRefusal(error, 'userRequest');
      },
    );
  };

  // Spec 1 §5: field updates are debounced (INPUT_DEBOUNCE_MS) before they re-trigger login.
  useEffect(() => {
    if (changes === 0 || !autofillForced.current) return;
    const timer = setTimeout(() => {
      if (!form.current) return;
      const { username, password } = fieldsOf(form.current);
      if (username !== '' && password !== '') attempt();
    }, INPUT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `attempt` reads the form when the timer fires; only a new change restarts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changes]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    attempt();
  };

  /** Spec 1 §2: the demo link loads the sample homes and goes to the dashboard. */
  const startDemo = () => {
    useSessionStore.getState().startDemo();
    navigate('/', { replace: true });
  };

  const eye = revealed ? EYE_OFF : EYE;
  return (
    <div className="login">
      <main className="login__panel">
        <BrandMainLogo className="login__logo" height={56} />
        <h1 className="login__title">{t('login.title')}</h1>
        <form
          ref={form}
          className="login__form"
          onSubmit={submit}
          onChange={() => {
            // Spec 1 §5: the error toast on login hides when a field changes, the 401 warning
            // and the global error of another failure alike.
            setWrongCredentials(false);
            setUnconfirmed(null);
            useErrorToastStore.getState().dismiss();
            setChanges((n) => n + 1);
          }}
          noValidate
        >
          <div className="login__field">
            <label htmlFor={`${id}-email`}>{t('login.email')}</label>
            <input
              id={`${id}-email`}
              name="username"
              type="email"
              autoComplete="username"
              inputMode="email"
            />
          </div>
          <div className="login__field">
            <label htmlFor={`${id}-password`}>{t('login.password')}</label>
            <span className="login__password">
              <input
                id={`${id}-password`}
                name="password"
                type={revealed ? 'text' : 'password'}
                autoComplete="current-password"
              />
              <button
                type="button"
                className="login__reveal"
                aria-pressed={revealed}
                aria-label={revealed ? t('login.hidePassword') : t('login.showPassword')}
                onClick={() => setRevealed((r) => !r)}
              >
                {/* Ionicons' own drawing, as a mask in the text colour (no icon component). */}
                <span
                  className="login__eye"
                  aria-hidden="true"
                  style={{ maskImage: `url("${eye}")`, WebkitMaskImage: `url("${eye}")` }}
                />
              </button>
            </span>
          </div>
          <label className="login__remember">
            <input
              type="checkbox"
              role="switch"
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <span>{t('login.remember')}</span>
          </label>
          {linking && <LinkingWarning t={t} accepted={linkAllowed} onChange={setLinkAllowed} />}
          {/* A native submit button, so that the Enter key submits the form everywhere. */}
          <button
            type="submit"
            className={`login__submit${nudging ? ' login__submit--nudge' : ''}`}
            style={nudging ? { animationDuration: `${LOGIN_ANIMATION_MS}ms` } : undefined}
            data-testid="login-submit"
            disabled={pending || (linking && !linkAllowed)}
          >
            {t('login.enter')}
          </button>
        </form>
        {unconfirmed && (
          <div className="login__unconfirmed" role="alert" data-testid="login-unconfirmed">
            <p>{t('login.unconfirmed')}</p>
            {unconfirmed.sent === 'sent' ? (
              <p role="status">{t('login.linkSent', { email: unconfirmed.email })}</p>
            ) : (
              <button
                type="button"
                className="login__resend"
                disabled={unconfirmed.sent === 'sending'}
                onClick={() => {
                  setUnconfirmed({ ...unconfirmed, sent: 'sending' });
                  resendConfirmation(unconfirmed.email).then(
                    () => setUnconfirmed((u) => u && { ...u, sent: 'sent' }),
                    () => setUnconfirmed((u) => u && { ...u, sent: 'failed' }),
                  );
                }}
              >
                {t('login.sendLinkAgain')}
              </button>
            )}
            {unconfirmed.sent === 'failed' && <p>{t('errors.request')}</p>}
          </div>
        )}
        {/* Spec 1 §2: the links are offered in an account-linking context too. */}
        <nav className="login__links" aria-label={t('login.more')}>
          <a href="/login/register" onClick={followLink(navigate, '/login/register')}>
            {t('login.register')}
          </a>
          <a href="/login/forgot-password" onClick={followLink(navigate, '/login/forgot-password')}>
            {t('login.forgotPassword')}
          </a>
          <button
            type="button"
            className="login__demo"
            data-testid="login-demo"
            onClick={startDemo}
          >
            {t('login.demo')}
          </button>
        </nav>
        <p className="login__version" data-testid="login-version">
          {t('login.version', { version: FRONTEND_VERSION })} ·{' '}
          {t('login.copyright', { year: BUILD_YEAR })}
        </p>
      </main>
      {wrongCredentials && (
        <Toast
          variant="warning"
          title={t('advice')}
          message={t('errors.login')}
          closeLabel={t('errorToast.close')}
          onDismiss={() => setWrongCredentials(false)}
          testId="login-error"
        />
      )}
    </div>
  );
}
