import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleTemperatureEntry, TemperatureUnits } from '@hearth/protocol';
import { formatTemp } from '../model/schedule-model';
import { ProfileDialog } from './profile-dialog';

interface ProfileHeaderProps {
  entries: readonly ScheduleTemperatureEntry[];
  units: TemperatureUnits;
  timer: boolean;
  onSave: (entry: ScheduleTemperatureEntry) => void;
}

/** Spec 3 §2: anti-frost, eco and comfort (or ON/OFF for timers) above the slots. */
export function ProfileHeader({ entries, units, timer, onSave }: ProfileHeaderProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<ScheduleTemperatureEntry | undefined>();
  if (timer) {
    return (
      <div className="schedule__profiles" data-testid="schedule-profiles">
        <span className="schedule__profile schedule__slot-value--0">
          {t('schedule.values.off')}
        </span>
        <span className="schedule__profile schedule__slot-value--1">{t('schedule.values.on')}</span>
      </div>
    );
  }
  return (
    <div className="schedule__profiles" data-testid="schedule-profiles">
      {entries.map((entry) => {
        const name = t(`schedule.profiles.${entry.id}`);
        return (
          <button
            key={entry.id}
            type="button"
            className={`schedule__profile schedule__slot-value--${['ice', 'eco', 'comfort'].indexOf(entry.id)}`}
            disabled={!entry.editable}
            // The name is the visible text (WCAG 2.5.3: "Eco 18.0 °C"); what it does is its
            // description.
            title={t('schedule.editProfile', { name })}
            aria-haspopup="dialog"
            onClick={() => setEditing(entry)}
          >
            <span className="schedule__profile-name">{name}</span>{' '}
            <span className="schedule__profile-value">
              {formatTemp(entry.value, units, i18n.language)}
            </span>
          </button>
        );
      })}
      {editing && (
        <ProfileDialog
          entry={editing}
          units={units}
          onCancel={() => setEditing(undefined)}
          onSave={(entry) => {
            setEditing(undefined);
            onSave(entry);
          }}
        />
      )}
    </div>
  );
}
