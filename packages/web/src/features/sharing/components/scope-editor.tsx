import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_SCOPE_MAX_WEEKLY } from '@hearth/protocol';
import { GUEST_MODE_CHOICES, type ScopeForm } from '../model/scope-form';
import type { Room } from '../model/use-rooms';

const DAYS = [1, 2, 3, 4, 5, 6, 0];

/** A guest's limits (docs/sharing.md): rooms, set points, modes, boost, dates, weekly hours. */
export function ScopeEditor({
  form,
  rooms,
  onChange,
}: {
  form: ScopeForm;
  rooms: Room[];
  onChange: (next: ScopeForm) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<ScopeForm>) => onChange({ ...form, ...patch });
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

  return (
    <div className="sharing-scope">
      <fieldset>
        <legend>{t('sharing.form.rooms')}</legend>
        <label className="sharing-check">
          <input
            type="checkbox"
            checked={form.allRooms}
            onChange={(e) => set({ allRooms: e.target.checked })}
          />
          {t('sharing.form.allRooms')}
        </label>
        {!form.allRooms && rooms.length === 0 && <p>{t('sharing.form.noHeaters')}</p>}
        {!form.allRooms &&
          rooms.map((r) => (
            <label key={r.key} className="sharing-check">
              <input
                type="checkbox"
                checked={form.rooms.includes(r.key)}
                onChange={(e) => set({ rooms: toggle(form.rooms, r.key, e.target.checked) })}
              />
              {r.name}
            </label>
          ))}
      </fieldset>
      <fieldset>
        <legend>{t('sharing.form.setPoint')}</legend>
        <div className="sharing-pair">
          <BoundInput
            id={`${id}-min`}
            label={t('sharing.form.minC')}
            placeholder={t('sharing.form.noLimit')}
            value={form.minC}
            onChange={(minC) => set({ minC })}
          />
          <BoundInput
            id={`${id}-max`}
            label={t('sharing.form.maxC')}
            placeholder={t('sharing.form.noLimit')}
            value={form.maxC}
            onChange={(maxC) => set({ maxC })}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('sharing.form.modes')}</legend>
        <label className="sharing-check">
          <input
            type="checkbox"
            checked={form.allModes}
            onChange={(e) => set({ allModes: e.target.checked })}
          />
          {t('sharing.form.allModes')}
        </label>
        {!form.allModes &&
          GUEST_MODE_CHOICES.map((m) => (
            <label key={m} className="sharing-check">
              <input
                type="checkbox"
                checked={form.modes.includes(m)}
                onChange={(e) => set({ modes: toggle(form.modes, m, e.target.checked) })}
              />
              {t(`sharing.mode.${m}`)}
            </label>
          ))}
        <label className="sharing-check">
          <input
            type="checkbox"
            checked={form.boost}
            onChange={(e) => set({ boost: e.target.checked })}
          />
          {t('sharing.form.boost')}
        </label>
      </fieldset>
      <fieldset>
        <legend>{t('sharing.form.dates')}</legend>
        <div className="sharing-pair">
          <label htmlFor={`${id}-from`}>{t('sharing.form.validFrom')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={form.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
          />
          <label htmlFor={`${id}-to`}>{t('sharing.form.validTo')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={form.validTo}
            onChange={(e) => set({ validTo: e.target.value })}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('sharing.form.weekly')}</legend>
        {form.weekly.length === 0 && <p className="sharing-hint">{t('sharing.form.weeklyHint')}</p>}
        {form.weekly.map((slot, i) => {
          const put = (patch: Partial<typeof slot>) =>
            set({ weekly: form.weekly.map((w, j) => (j === i ? { ...w, ...patch } : w)) });
          return (
            <div key={i} className="sharing-slot">
              <label htmlFor={`${id}-day-${i}`}>{t('sharing.form.day')}</label>
              <select
                id={`${id}-day-${i}`}
                value={slot.day}
                onChange={(e) => put({ day: Number(e.target.value) })}
              >
                {DAYS.map((d) => (
                  <option key={d} value={d}>
                    {t(`sharing.days.${d}`)}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-slot-from-${i}`}>{t('sharing.form.from')}</label>
              <input
                id={`${id}-slot-from-${i}`}
                type="time"
                value={slot.from}
                onChange={(e) => put({ from: e.target.value })}
              />
              <label htmlFor={`${id}-slot-to-${i}`}>{t('sharing.form.to')}</label>
              <input
                id={`${id}-slot-to-${i}`}
                type="time"
                value={slot.to}
                onChange={(e) => put({ to: e.target.value })}
              />
              <button
                type="button"
                className="hearth-danger"
                onClick={() => set({ weekly: form.weekly.filter((_, j) => j !== i) })}
              >
                {t('sharing.form.removeSlot')}
              </button>
            </div>
          );
        })}
        {form.weekly.length < GUEST_SCOPE_MAX_WEEKLY && (
          <button
            type="button"
            className="sharing-add"
            onClick={() =>
              set({ weekly: [...form.weekly, { day: 1, from: '08:00', to: '12:00' }] })
            }
          >
            {t('sharing.form.addSlot')}
          </button>
        )}
      </fieldset>
    </div>
  );
}

/** One bound of a guest's set points, in °C, empty for none. */
function BoundInput(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        min={5}
        max={30}
        step={0.5}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
