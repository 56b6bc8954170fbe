import { useTranslation } from 'react-i18next';
import { needsOwnMessage } from '../http';

/**
 * Spec 1 §8, 3 §8: a read that failed is the data-update error. The error toast says so for
 * most failures; this line says it for those the HTTP layer leaves to the screen (refusals,
 * quiet reads), and nothing otherwise, so that it is told once.
 */
export function ReadFailedLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!needsOwnMessage(error)) return null;
  return <p role="alert">{t('errorToast.dataUpdate')}</p>;
}
