import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeekDay } from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';
import { weekdayName } from '../../../lib/time/weekday-name';

interface CopyRowsDialogProps {
  order: readonly WeekDay[];
  fromRow: number;
  lang: string;
  onCancel: () => void;
  onCopy: (rows: number[]) => void;
}

/** Copies one day's hours to the chosen days; the source day cannot be a target. */
export function CopyRowsDialog({ order, fromRow, lang, onCancel, onCopy }: CopyRowsDialogProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<number[]>([]);
  const from = weekdayName(order[fromRow] ?? 0, lang, 'long');
  return (
    <Dialog
      title={t('powerSchedule.copy.title', { day: from })}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('powerSchedule.cancel')}
          </button>
          <button type="button" disabled={rows.length === 0} onClick={() => onCopy(rows)}>
            {t('powerSchedule.copy.confirm')}
          </button>
        </>
      }
    >
      {order.map((day, row) => (
        <label key={day} className="power__field">
          <input
            type="checkbox"
            disabled={row === fromRow}
            checked={rows.includes(row)}
            onChange={() =>
              setRows((r) => (r.includes(row) ? r.filter((x) => x !== row) : [...r, row]))
            }
          />
          <span>{weekdayName(day, lang, 'long')}</span>
        </label>
      ))}
    </Dialog>
  );
}
