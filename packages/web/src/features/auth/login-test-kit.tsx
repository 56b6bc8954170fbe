import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { renderWithApp } from '../../test/render';
import { useErrorToastStore } from '../../lib/http';
import { ErrorKindToast } from '../../lib/ui/error-kind-toast';
import { LoginPage } from './login-page';

// What the sign-in page's tests share: a token, the page on its route, the token endpoint's
// answers and the global toast as the app draws it.

export { token, tokenRoute } from '../../test/token-route';

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
