import { useTranslation } from 'react-i18next';
import { useErrorToastStore } from '../lib/http';
import { Toast } from '../lib/ui/toast';
import { ErrorKindToast } from '../lib/ui/error-kind-toast';
import { useOnline } from '../features/pwa';
import { serverLink } from '../lib/socket/connection-state';
import { useConnectionStore } from '../lib/socket/connection-store';

/**
 * The global error toast (spec 1 §8): title by kind, or a caller's own message (sign-up 409,
 * forgot password, account forms, invite); cleared after ERROR_TOAST_MS by the store.
 */
export function GlobalErrorToast() {
  const { t } = useTranslation();
  const kind = useErrorToastStore((s) => s.kind);
  const message = useErrorToastStore((s) => s.message);
  const minutes = useErrorToastStore((s) => s.minutes);
  const dismiss = useErrorToastStore((s) => s.dismiss);
  const online = useOnline();
  const reachable = useConnectionStore((s) => s.reachable);
  if (message) {
    return (
      <Toast
        variant="danger"
        title={t('errorToast.title')}
        message={t(message)}
        closeLabel={t('errorToast.close')}
        onDismiss={dismiss}
        testId="error-toast"
      />
    );
  }
  // Offline or with the server not reached, the connection banner already says why nothing
  // loads (the same rule as its own, serverLink); no "Connection error" toast on top of it.
  if (!kind || (kind === 'connection' && serverLink(online, reachable) !== 'ok')) return null;
  return (
    <ErrorKindToast
      kind={kind}
      minutes={minutes}
      t={(key, values) => t(key, values)}
      onDismiss={dismiss}
    />
  );
}
