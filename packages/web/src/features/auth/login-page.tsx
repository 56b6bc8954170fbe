import { useEffect, useId, useState, type FormEvent } from 'react';
import { IonContent, IonIcon, IonPage } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FRONTEND_VERSION, LOGIN_ERROR_TOAST_MS } from '@hearth/protocol';
import { BUILD_YEAR } from '../../lib/build-year';
import { BrandMainLogo } from '../../lib/branding';
import { HttpError } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { Toast } from '../../lib/ui/toast';
import { platform } from '../../lib/platform';
import { useLogin } from './api/login';
import { LinkingWarning } from './linking-warning';
import './login.css';

/**
 * Sign-in (spec 1 §2 "Login"): e-mail, password with reveal, remember switch, Enter.
 * With `linking` (account linking for an assistant) a warning must be ticked first and
 * success continues to /deviceLinking with the assistant's query.
 */
export function LoginPage({ linking = false }: { linking?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const loginMutation = useLogin();
  const [revealed, setRevealed] = useState(false);
  const [remember, setRemember] = useState(platform.isNative);
  const [wrongCredentials, setWrongCredentials] = useState(false);
  const [linkAllowed, setLinkAllowed] = useState(false);
  const { search } = useLocation();

  useEffect(() => {
    if (!wrongCredentials) return;
    const timer = setTimeout(() => setWrongCredentials(false), LOGIN_ERROR_TOAST_MS);
    return () => clearTimeout(timer);
  }, [wrongCredentials]);

  /** Spec 1 §2: the demo link loads the sample homes and goes to the dashboard. */
  const startDemo = () => {
    useSessionStore.getState().startDemo();
    navigate('/', { replace: true });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec 1 §4: any login attempt leaves demo mode.
    useSessionStore.getState().endDemo();
    // Read the fields at submit time, so values a browser autofilled count too.
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (username === '' || password === '' || loginMutation.isPending) return;
    if (linking && !linkAllowed) return;
    setWrongCredentials(false);
    loginMutation.mutate(
      { username, password, remember },
      {
        onSuccess: () => navigate(linking ? `/deviceLinking${search}` : '/', { replace: true }),
        // Other failures were already reported by the HTTP layer as a userRequest error.
        onError: (error) => setWrongCredentials(error instanceof HttpError && error.status === 401),
      },
    );
  };

  return (
    <IonPage>
      <IonContent className="login" fullscreen>
        <main className="login__panel">
          <BrandMainLogo className="login__logo" height={56} />
          <h1 className="login__brand">{t('app.name')}</h1>
          <h2 className="login__title">{t('login.title')}</h2>
          <form
            className="login__form"
            onSubmit={submit}
            onChange={() => setWrongCredentials(false)}
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
                  <IonIcon icon={revealed ? eyeOffOutline : eyeOutline} aria-hidden="true" />
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
            {linking && <LinkingWarning accepted={linkAllowed} onChange={setLinkAllowed} />}
            {/* A native submit button, so that the Enter key submits the form everywhere. */}
            <button
              type="submit"
              className="login__submit ion-activatable"
              disabled={loginMutation.isPending || (linking && !linkAllowed)}
            >
              {t('login.enter')}
            </button>
          </form>
          {!linking && (
            <nav className="login__links" aria-label={t('login.more')}>
              <Link to="/login/register">{t('login.register')}</Link>
              <Link to="/login/forgot-password">{t('login.forgotPassword')}</Link>
              <button
                type="button"
                className="login__demo"
                data-testid="login-demo"
                onClick={startDemo}
              >
                {t('login.demo')}
              </button>
            </nav>
          )}
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
      </IonContent>
    </IonPage>
  );
}
