import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAddProfile, POWER_LIMITLESS } from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';
import { useMaxPowerOptions } from '../api/power-api';

interface ProfileSelectionDialogProps {
  onCancel: () => void;
  onChoose: (values: number[]) => void;
}

/**
 * Spec 3 §2, §4: with no profiles, the user picks the limits to start from, out of the max
 * power configuration list; when that list cannot be loaded the modal closes.
 */
export function ProfileSelectionDialog({ onCancel, onChoose }: ProfileSelectionDialogProps) {
  const { t } = useTranslation();
  const options = useMaxPowerOptions(true);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (options.isError) onCancel();
  }, [options.isError, onCancel]);
  const all = [
    { value: POWER_LIMITLESS, label: t('powerSchedule.profiles.limitless') },
    ...(options.data ?? []),
  ];
  const toggle = (value: number) =>
    setChosen((c) => (c.includes(value) ? c.filter((v) => v !== value) : [...c, value]));
  return (
    <Dialog
      title={t('powerSchedule.selection.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('powerSchedule.cancel')}
          </button>
          <button type="button" disabled={chosen.length === 0} onClick={() => onChoose(chosen)}>
            {t('powerSchedule.selection.confirm')}
          </button>
        </>
      }
    >
      <p className="power__hint">{t('powerSchedule.selection.hint')}</p>
      <div className="power__options">
        {all.map((o) => (
          <label key={o.value} className="power__field">
            <input
              type="checkbox"
              checked={chosen.includes(o.value)}
              disabled={!chosen.includes(o.value) && !canAddProfile(chosen.length)}
              onChange={() => toggle(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </Dialog>
  );
}
