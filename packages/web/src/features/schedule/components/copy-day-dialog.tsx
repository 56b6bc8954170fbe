import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeekDay } from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';
import { weekdayName } from '../../../lib/time/weekday-name';

interface CopyDayDialogProps {
  order: readonly WeekDay[];
  from: number;
  lang: string;
  onCancel: () => void;
  onCopy: (days: number[]) => void;
}

/** Spec 3 §4: choose target days; the shown day is disabled with a hint. */
export function CopyDayDialog({ order, from, lang, onCancel, onCopy }: CopyDayDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (day: number) =>
    setChosen((c) => (c.includes(day) ? c.filter((d) => d !== day) : [...c, day]));
  return (
    <Dialog
      title={t('schedule.copy.title', { day: weekdayName(from, lang, 'long') })}
      onClose={onCancel}
      testId="copy-day-dialog"
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('schedule.cancel')}
          </button>
          <button
            type="button"
            className="hearth-button hearth-button--primary"
            disabled={chosen.length === 0}
            onClick={() => onCopy(chosen)}
          >
            {t('schedule.copy.confirm')}
          </button>
        </>
      }
    >
      <fieldset className="schedule__copy-days">
        <legend>{t('schedule.copy.to')}</legend>
        {order.map((day) => (
          <label key={day} className="schedule__copy-day">
            <input
              type="checkbox"
              disabled={day === from}
              checked={chosen.includes(day)}
              onChange={() => toggle(day)}
            />
            <span>{weekdayName(day, lang, 'long')}</span>
            {day === from && <small> ({t('schedule.copy.sourceHint')})</small>}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
