import type { ErrorKind } from '../http/errors';
import { Toast } from './toast';

/**
 * The global error toast of one error kind (spec 1 §8): "connection error" for a connection
 * failure, otherwise "error", with the kind's message. Drawn by the full app and by the light
 * sign-in, each with its own translate function.
 */
export function ErrorKindToast({
  kind,
  minutes = null,
  t,
  onDismiss,
}: {
  kind: ErrorKind;
  /** The wait the server named, in minutes: a throttled sign-in says it (ruling D12). */
  minutes?: number | null;
  t: (key: string, values?: { count: number }) => string;
  onDismiss: () => void;
}) {
  const message =
    kind === 'tooManyAttempts' && minutes !== null
      ? t('errorToast.tooManyAttemptsMinutes', { count: minutes })
      : t(`errorToast.${kind}`);
  return (
    <Toast
      variant="danger"
      title={
        kind === 'connection' || kind === 'changesNotSaved'
          ? t('errorToast.connectionTitle')
          : t('errorToast.title')
      }
      message={message}
      closeLabel={t('errorToast.close')}
      onDismiss={onDismiss}
      testId="error-toast"
    />
  );
}
