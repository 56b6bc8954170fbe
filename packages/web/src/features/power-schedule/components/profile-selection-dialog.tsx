import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAddProfile, POWER_LIMITLESS, type PowerProfile } from '@hearth/protocol';
import { formatKilowatts } from '../../../lib/devices';
import { Dialog } from '../../../lib/ui/dialog';
import { useMaxPowerOptions } from '../api/power-api';

/** What the user starts the schedule with: profiles kept as they were, and new limits. */
export interface ProfileChoice {
  keep: PowerProfile[];
  values: number[];
}

interface ProfileSelectionDialogProps {
  /** The home's profiles when it has some but no schedule: offered first, all ticked. */
  existing: readonly PowerProfile[];
  onCancel: () => void;
  onChoose: (choice: ProfileChoice) => void;
}

type Option = { key: string; label: string } & (
  { profile: PowerProfile; value?: undefined } | { value: number; profile?: undefined }
);

/**
 * Spec 3 §2, §4: with no profiles or no schedule, the user picks the limits to start from, out
 * of the max power configuration list (the home's own profiles, when it has some, stay ticked
 * unless the user unticks them); when that list cannot be loaded the modal closes.
 */
export function ProfileSelectionDialog({
  existing,
  onCancel,
  onChoose,
}: ProfileSelectionDialogProps) {
  const { t, i18n } = useTranslation();
  const options = useMaxPowerOptions(true);
  const [chosen, setChosen] = useState<string[]>(() => existing.map((_, i) => `p${i}`));
  useEffect(() => {
    if (options.isError) onCancel();
  }, [options.isError, onCancel]);
  const all: Option[] = [
    ...existing.map((profile, i) => ({ key: `p${i}`, label: profile.name, profile })),
    {
      key: `v${POWER_LIMITLESS}`,
      label: t('powerSchedule.profiles.limitless'),
      value: POWER_LIMITLESS,
    },
    // The catalogue's own labels are in one number format and language ("5.5 kW"): each value
    // is written in the user's instead, as the power gauge writes its limit.
    ...(options.data ?? []).map((o) => ({
      key: `v${o.value}`,
      label: formatKilowatts(o.value, i18n.language, t),
      value: o.value,
    })),
  ];
  const toggle = (key: string) =>
    setChosen((c) => (c.includes(key) ? c.filter((k) => k !== key) : [...c, key]));
  const choose = () => {
    // In the order the user ticked them (the home's own first).
    const picked = chosen.flatMap((key) => all.filter((o) => o.key === key));
    onChoose({
      keep: picked.flatMap((o) => (o.profile ? [o.profile] : [])),
      values: picked.flatMap((o) => (o.value === undefined ? [] : [o.value])),
    });
  };
  return (
    <Dialog
      title={t('powerSchedule.selection.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('powerSchedule.cancel')}
          </button>
          <button type="button" disabled={chosen.length === 0} onClick={choose}>
            {t('powerSchedule.selection.confirm')}
          </button>
        </>
      }
    >
      <p className="power__hint">{t('powerSchedule.selection.hint')}</p>
      <div className="power__options">
        {all.map((o) => (
          <label key={o.key} className="power__field">
            <input
              type="checkbox"
              checked={chosen.includes(o.key)}
              disabled={!chosen.includes(o.key) && !canAddProfile(chosen.length)}
              onChange={() => toggle(o.key)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </Dialog>
  );
}
