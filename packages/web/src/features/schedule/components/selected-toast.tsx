import { useTranslation } from 'react-i18next';

interface SelectedToastProps {
  names: readonly string[];
  onDismiss: () => void;
}

/** Spec 3 §2: an info toast listing the devices whose schedule is being edited together. */
export function SelectedToast({ names, onDismiss }: SelectedToastProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="schedule__selected" data-testid="schedule-selected">
      <strong>{t('schedule.selected', { count: names.length })}</strong>
      <span>{names.join(', ')}</span>
      <button type="button" aria-label={t('schedule.close')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
