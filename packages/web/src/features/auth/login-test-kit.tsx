import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useErrorToastStore } from '../../lib/http';
import { ErrorKindToast } from '../../lib/ui/error-kind-toast';
import { LoginPage } from './login-page';

// What the sign-in page's tests share: a token, the page on its route, the token endpoint's
// answers and the global toast as the app draws it.

export const token = tokenExpiringIn(4 * 3_600_000);

/** The global error toast as the app draws it from the store (app/ is not a feature's to import). */
export function StoreToast() {
  const { t } = useTranslation();
  const kind = useErrorToastStore((s) => s.kind);
  const minutes = useErrorToastStore((s) => s.minutes);
  if (!kind) return null;
  return (
    <ErrorKindToast
      kind={kind}
      minutes={minutes}
      t={(key, values) => t(key, values)}
      onDismiss={() => undefined}
    />
  );
}

export function renderLogin() {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>dashboard reached</p>} />
    </Routes>,
    { path: '/login' },
  );
}

/** The token endpoint's answer: a 401 says `unauthorized` (a wrong user or password). */
export function tokenRoute(
  status: number,
  code: string | undefined = status === 401 ? 'unauthorized' : undefined,
) {
  return installFakeFetch({
    'POST /client/token': () =>
      status === 200
        ? json({
            access_token: token,
            refresh_token: 'r1',
            expires_in: 14400,
            token_type: 'bearer',
          })
        : json({ ...errorBody(status, code), message: 'bad credentials' }, status),
  });
}
