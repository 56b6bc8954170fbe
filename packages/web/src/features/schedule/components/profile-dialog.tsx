import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nudgeScheduleEntry,
  SHAKE_MS,
  type NudgeDirection,
  type ScheduleTemperatureEntry,
  type TemperatureUnits,
} from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';
import { formatTemp } from '../model/schedule-model';

interface ProfileDialogProps {
  entry: ScheduleTemperatureEntry;
  units: TemperatureUnits;
  onCancel: () => void;
  onSave: (entry: ScheduleTemperatureEntry) => void;
}

/** Spec 3 §5: steps of 0.5 °C or 1 °F inside the profile's range; a bound shakes the value 1 s. */
export function ProfileDialog({ entry, units, onCancel, onSave }: ProfileDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(entry);
  const [shaking, setShaking] = useState(false);
  useEffect(() => {
    if (!shaking) return undefined;
    const timer = setTimeout(() => setShaking(false), SHAKE_MS);
    return () => clearTimeout(timer);
  }, [shaking]);

  const nudge = (direction: NudgeDirection) => {
    const r = nudgeScheduleEntry(draft, direction, units);
    setDraft(r.entry);
    if (r.hitBound) setShaking(true);
  };
  const name = t(`schedule.profiles.${entry.id}`);
  return (
    <Dialog
      title={name}
      onClose={onCancel}
      testId="profile-dialog"
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('schedule.cancel')}
          </button>
          <button
            type="button"
            className="hearth-button hearth-button--primary"
            onClick={() => onSave(draft)}
          >
            {t('schedule.save')}
          </button>
        </>
      }
    >
      <div className="schedule__stepper">
        <button type="button" aria-label={t('schedule.decrease')} onClick={() => nudge(-1)}>
          −
        </button>
        <output
          aria-live="polite"
          data-testid="profile-value"
          className={shaking ? 'schedule__shake' : undefined}
        >
          {formatTemp(draft.value, units, i18n.language)}
        </output>
        <button type="button" aria-label={t('schedule.increase')} onClick={() => nudge(1)}>
          +
        </button>
      </div>
    </Dialog>
  );
}
