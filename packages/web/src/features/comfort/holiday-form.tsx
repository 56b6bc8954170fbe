import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  parseDecimal,
  type TemperatureUnits,
} from '@hearth/protocol';
import { HttpError } from '../../lib/http';
import type { Holiday, HolidayInput, WeekDay } from './comfort-api';
import { WEEK_DAYS, weekDayName } from './holiday-words';
import { RoomPicker, type RoomOption } from './room-picker';

/** The away temperature a new holiday offers, in °C. */
export const DEFAULT_AWAY_C = 12;

/** What the server refused, in its words (a 400's message), or undefined for anything else. */
export function refusalMessage(error: unknown): string | undefined {
  if (error instanceof HttpError && error.status === 400) return error.body?.message ?? undefined;
  return undefined;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Add or edit a holiday: when (wall times of the home), where, and what runs meanwhile. */
export function HolidayForm({
  initial,
  rooms,
  units,
  onSave,
  onCancel,
}: {
  initial?: Holiday;
  rooms: readonly RoomOption[];
  units: TemperatureUnits | undefined;
  onSave: (body: HolidayInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = initial ? `holiday-${initial.id}` : 'holiday-new';
  const [fromDate, setFromDate] = useState(initial?.from.slice(0, 10) ?? '');
  const [fromTime, setFromTime] = useState(initial?.from.slice(11, 16) ?? '08:00');
  const [toDate, setToDate] = useState(initial?.to.slice(0, 10) ?? '');
  const [toTime, setToTime] = useState(initial?.to.slice(11, 16) ?? '18:00');
  const [where, setWhere] = useState<string[] | null>(initial?.rooms ?? null);
  const [plan, setPlan] = useState<'away' | 'day'>(initial?.use_day != null ? 'day' : 'away');
  const shownAway = (c: number) => String(oneDecimal(units === 'F' ? celsiusToFahrenheit(c) : c));
  const [away, setAway] = useState(shownAway(initial?.away_c ?? DEFAULT_AWAY_C));
  const [day, setDay] = useState<WeekDay>((initial?.use_day ?? 0) as WeekDay);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    setError(undefined);
    const awayN = parseDecimal(away);
    if (!fromDate || !fromTime || !toDate || !toTime)
      return setError(t('comfort.holidays.needDates'));
    if (where !== null && where.length === 0) return setError(t('comfort.holidays.needRooms'));
    if (plan === 'away' && awayN === undefined) return setError(t('comfort.holidays.needAway'));
    const awayC =
      awayN === undefined ? null : oneDecimal(units === 'F' ? fahrenheitToCelsius(awayN) : awayN);
    setBusy(true);
    try {
      await onSave({
        from: `${fromDate}T${fromTime}`,
        to: `${toDate}T${toTime}`,
        rooms: where,
        away_c: plan === 'away' ? awayC : null,
        use_day: plan === 'day' ? day : null,
      });
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
      aria-label={initial ? t('comfort.holidays.editTitle') : t('comfort.holidays.addTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>{initial ? t('comfort.holidays.editTitle') : t('comfort.holidays.addTitle')}</h3>
      <div className="comfort-form__pair">
        <div>
          <label htmlFor={`${id}-from-date`}>{t('comfort.holidays.fromDate')}</label>
          <input
            id={`${id}-from-date`}
            type="date"
            required
            value={fromDate}
            onChange={(e) => setFromDate(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-from-time`}>{t('comfort.holidays.fromTime')}</label>
          <input
            id={`${id}-from-time`}
            type="time"
            required
            value={fromTime}
            onChange={(e) => setFromTime(e.target.value)}
          />
        </div>
      </div>
      <div className="comfort-form__pair">
        <div>
          <label htmlFor={`${id}-to-date`}>{t('comfort.holidays.toDate')}</label>
          <input
            id={`${id}-to-date`}
            type="date"
            required
            value={toDate}
            onChange={(e) => setToDate(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to-time`}>{t('comfort.holidays.toTime')}</label>
          <input
            id={`${id}-to-time`}
            type="time"
            required
            value={toTime}
            onChange={(e) => setToTime(e.target.value)}
          />
        </div>
      </div>
      <RoomPicker idPrefix={id} rooms={rooms} value={where} onChange={setWhere} />
      <fieldset className="comfort-fieldset">
        <legend>{t('comfort.holidays.meanwhile')}</legend>
        <label className="hearth-check">
          <input
            type="radio"
            name={`${id}-plan`}
            checked={plan === 'away'}
            onChange={() => setPlan('away')}
          />
          {t('comfort.holidays.awayOption')}
        </label>
        {plan === 'away' && (
          <>
            <label htmlFor={`${id}-away`}>
              {t('comfort.holidays.awayTemperature', { units: `°${units ?? 'C'}` })}
            </label>
            <input
              id={`${id}-away`}
              inputMode="decimal"
              value={away}
              onChange={(e) => setAway(e.target.value)}
            />
          </>
        )}
        <label className="hearth-check">
          <input
            type="radio"
            name={`${id}-plan`}
            checked={plan === 'day'}
            onChange={() => setPlan('day')}
          />
          {t('comfort.holidays.dayOption')}
        </label>
        {plan === 'day' && (
          <>
            <label htmlFor={`${id}-day`}>{t('comfort.holidays.dayToRun')}</label>
            <select
              id={`${id}-day`}
              value={day}
              onChange={(e) => setDay(Number(e.target.value) as WeekDay)}
            >
              {WEEK_DAYS.map((d) => (
                <option key={d} value={d}>
                  {weekDayName(d, i18n.language)}
                </option>
              ))}
            </select>
          </>
        )}
      </fieldset>
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
