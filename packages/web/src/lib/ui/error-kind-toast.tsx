import type { ErrorKind } from '../http/errors';
import { Toast } from './toast';

/**
 * The global error toast of one error kind (spec 1 §8): "connection error" for a connection
 * failure, otherwise "error", with the kind's message. Drawn by the full app and by the light
 * sign-in, each with its own translate function.
 */
export function ErrorKindToast({
  kind,
  t,
  onDismiss,
}: {
  kind: ErrorKind;
  t: (key: string) => string;
  onDismiss: () => void;
}) {
  return (
    <Toast
      variant="danger"
      title={
        kind === 'connection' || kind === 'changesNotSaved'
          ? t('errorToast.connectionTitle')
          : t('errorToast.title')
      }
      message={t(`errorToast.${kind}`)}
      closeLabel={t('errorToast.close')}
      onDismiss={onDismiss}
      testId="error-toast"
    />
  );
}
