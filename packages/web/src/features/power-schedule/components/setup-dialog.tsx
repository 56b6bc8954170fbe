import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PowerProfile } from '@hearth/protocol';
import { Dialog } from '../../../lib/ui/dialog';

interface SetupDialogProps {
  profiles: readonly PowerProfile[];
  onCancel: () => void;
  onStart: (profile: number) => void;
}

/** Spec 3 §2: with profiles but no schedule, the week starts filled with one chosen profile. */
export function SetupDialog({ profiles, onCancel, onStart }: SetupDialogProps) {
  const { t } = useTranslation();
  const [profile, setProfile] = useState(0);
  return (
    <Dialog
      title={t('powerSchedule.setup.title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {t('powerSchedule.cancel')}
          </button>
          <button type="button" onClick={() => onStart(profile)}>
            {t('powerSchedule.setup.start')}
          </button>
        </>
      }
    >
      <label className="power__field">
        <span>{t('powerSchedule.setup.profile')}</span>
        <select value={profile} onChange={(e) => setProfile(Number(e.target.value))}>
          {profiles.map((p, i) => (
            <option key={i} value={i}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
    </Dialog>
  );
}
