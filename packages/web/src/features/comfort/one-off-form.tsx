import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OneOffInput, WeekDay } from './comfort-api';
import { refusalMessage } from './holiday-form';
import { WEEK_DAYS, weekDayName } from './holiday-words';
import { RoomPicker, type RoomOption } from './room-picker';

/** Add a one-off day: "Tuesday 8 December is a holiday: run Sunday's programme". */
export function OneOffForm({
  rooms,
  onSave,
  onCancel,
}: {
  rooms: readonly RoomOption[];
  onSave: (body: OneOffInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState('');
  const [day, setDay] = useState<WeekDay>(0);
  const [where, setWhere] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    setError(undefined);
    if (!date) return setError(t('comfort.holidays.needDate'));
    if (where !== null && where.length === 0) return setError(t('comfort.holidays.needRooms'));
    setBusy(true);
    try {
      await onSave({ date, use_day: day, rooms: where });
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      setError(refusalMessage(err) ?? t('comfort.holidays.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      // The form says itself what is missing, in the user's language.
      noValidate
      className="hearth-form comfort-form"
      aria-label={t('comfort.holidays.addOneOffTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{t('comfort.holidays.addOneOffTitle')}</h3>
      <label htmlFor="one-off-date">{t('comfort.holidays.oneOffDate')}</label>
      <input
        id="one-off-date"
        type="date"
        required
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <label htmlFor="one-off-day">{t('comfort.holidays.dayToRun')}</label>
      <select
        id="one-off-day"
        value={day}
        onChange={(e) => setDay(Number(e.target.value) as WeekDay)}
      >
        {WEEK_DAYS.map((d) => (
          <option key={d} value={d}>
            {weekDayName(d, i18n.language)}
          </option>
        ))}
      </select>
      <RoomPicker idPrefix="one-off" rooms={rooms} value={where} onChange={setWhere} />
      {error && (
        <p role="alert" className="hearth-message hearth-message--error" data-testid="form-error">
          {error}
        </p>
      )}
      <div className="hearth-actions">
        <button type="button" onClick={onCancel}>
          {t('comfort.cancel')}
        </button>
        <button type="submit" className="hearth-primary" disabled={busy} aria-busy={busy}>
          {t('comfort.save')}
        </button>
      </div>
    </form>
  );
}
