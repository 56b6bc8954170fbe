import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isLimitless,
  isValidMaxPower,
  POWER_LIMITLESS,
  profileValueFromInput,
  type PowerProfile,
} from '@hearth/protocol';
import { ConfirmDialog } from '../../../lib/screens';
import { Dialog } from '../../../lib/ui/dialog';
import { limitInputOf } from '../model/power-model';
import { ColorWheel } from './color-wheel';

/** The name length the home's extra data accepts. */
const NAME_MAX = 30;

interface ProfileDialogProps {
  profile: PowerProfile;
  isNew: boolean;
  onCancel: () => void;
  onSave: (profile: PowerProfile) => void;
  onDelete: () => void;
}

/**
 * Spec 3 §4–5: free name, colour wheel, limitless toggle (-1), limit in W. An empty limit is
 * refused as a missing field: stored as 0 it would cut the heating off (0 W).
 */
export function ProfileDialog({ profile, isNew, onCancel, onSave, onDelete }: ProfileDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const [color, setColor] = useState(profile.color);
  const [limitless, setLimitless] = useState(isLimitless(profile.value));
  const [limit, setLimit] = useState(limitInputOf(profile.value));
  const [wheel, setWheel] = useState(false);
  const [invalid, setInvalid] = useState<'missing' | 'range' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = () => {
    if (!limitless && limit.trim() === '') return setInvalid('missing');
    const value = profileValueFromInput(limit, limitless);
    // Spec 2 §5: a limit is 1000–60000 W; -1 (limitless) is the other value.
    if (value !== POWER_LIMITLESS && !isValidMaxPower(value)) return setInvalid('range');
    onSave({ name: name.trim() === '' ? profile.name : name.trim(), color, value });
  };
  const title = isNew ? t('powerSchedule.profiles.new') : t('powerSchedule.profiles.editTitle');
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      testId="power-profile-dialog"
      actions={
        <>
          {!isNew && (
            <button type="button" className="power__danger" onClick={() => setConfirming(true)}>
              {t('powerSchedule.profiles.delete')}
            </button>
          )}
          <button type="button" onClick={onCancel}>
            {t('powerSchedule.cancel')}
          </button>
          <button type="button" className="power__primary" onClick={save}>
            {t('powerSchedule.save')}
          </button>
        </>
      }
    >
      <label className="power__field">
        <span>{t('powerSchedule.profiles.name')}</span>
        <input value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="power__field">
        <span>{t('powerSchedule.profiles.color')}</span>
        <button
          type="button"
          className="power__swatch power__swatch--button"
          style={{ background: color }}
          aria-label={t('powerSchedule.profiles.chooseColor', { color })}
          aria-expanded={wheel}
          onClick={() => setWheel((w) => !w)}
        />
      </div>
      {wheel && <ColorWheel color={color} onChange={setColor} />}
      <label className="power__field">
        <input
          type="checkbox"
          role="switch"
          checked={limitless}
          onChange={(e) => {
            setLimitless(e.target.checked);
            setInvalid(null);
          }}
        />
        <span>{t('powerSchedule.profiles.limitless')}</span>
      </label>
      {!limitless && (
        <label className="power__field">
          <span>{t('powerSchedule.profiles.limit')}</span>
          <input
            inputMode="numeric"
            value={limit}
            onChange={(e) => {
              setLimit(e.target.value);
              setInvalid(null);
            }}
          />
        </label>
      )}
      {invalid && (
        <p role="alert" className="power__error">
          {invalid === 'missing'
            ? t('errors.fields', { fields: t('powerSchedule.profiles.limit') })
            : t('powerSchedule.maxPowerValueNotValid')}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          message={t('powerSchedule.profiles.deleteConfirm', { name: profile.name })}
          confirmLabel={t('powerSchedule.profiles.delete')}
          cancelLabel={t('powerSchedule.cancel')}
          onConfirm={onDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Dialog>
  );
}
