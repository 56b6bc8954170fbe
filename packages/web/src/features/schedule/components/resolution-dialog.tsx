import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleResolution } from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';

interface ResolutionDialogProps {
  current: ScheduleResolution;
  onCancel: () => void;
  onChoose: (resolution: ScheduleResolution) => void;
}

/** Spec 3 §4: hourly keeps every other half hour, half-hourly duplicates each hour. */
export function ResolutionDialog({ current, onCancel, onChoose }: ResolutionDialogProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(current);
  return (
    <Dialog
      title={t('schedule.resolution.title')}
      onClose={onCancel}
      testId="resolution-dialog"
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('schedule.cancel')}
          </button>
          <button
            type="button"
            className="hearth-button hearth-button--primary"
            disabled={choice === current}
            onClick={() => onChoose(choice)}
          >
            {t('schedule.save')}
          </button>
        </>
      }
    >
      <fieldset className="schedule__resolution">
        <legend>{t('schedule.resolution.hint')}</legend>
        {(['hour', 'half_hour'] as const).map((r) => (
          <label key={r}>
            <input
              type="radio"
              name="resolution"
              checked={choice === r}
              onChange={() => setChoice(r)}
            />
            <span>{t(`schedule.resolution.${r}`)}</span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
