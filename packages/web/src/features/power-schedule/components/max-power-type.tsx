import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidMaxPower, MAX_POWER_TYPES, type MaxPowerType } from '@hearth/protocol';

interface MaxPowerTypeProps {
  type: MaxPowerType;
  fixedValue: number;
  /** Spec 2 §4: only in admin mode and when the home is flagged editable. */
  editable: boolean;
  onChoose: (type: MaxPowerType, fixedValue: number) => void;
}

/** Spec 2 §4 "Max power type": fixed limit, power schedule, or no limit. */
export function MaxPowerTypeSection({ type, fixedValue, editable, onChoose }: MaxPowerTypeProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(type);
  const [value, setValue] = useState(String(fixedValue));
  const [invalid, setInvalid] = useState(false);

  const apply = (next: MaxPowerType) => {
    if (next !== 'fixed') return onChoose(next, fixedValue);
    const n = Number(value);
    if (value.trim() === '' || !isValidMaxPower(n)) return setInvalid(true);
    onChoose('fixed', n);
  };

  return (
    <section className="power__type" aria-labelledby="power-type-title">
      <h2 id="power-type-title">{t('powerSchedule.type.title')}</h2>
      <div
        role="radiogroup"
        aria-label={t('powerSchedule.type.title')}
        className="power__type-options"
      >
        {MAX_POWER_TYPES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="max-power-type"
              disabled={!editable}
              checked={choice === option}
              onChange={() => {
                setChoice(option);
                if (option !== 'fixed') apply(option);
              }}
            />
            <span>{t(`powerSchedule.type.${option}`)}</span>
          </label>
        ))}
      </div>
      {!editable && <p className="power__hint">{t('powerSchedule.type.locked')}</p>}
      {choice === 'fixed' && (
        <div className="power__fixed">
          <label>
            <span>{t('powerSchedule.type.fixedValue')}</span>
            <input
              inputMode="numeric"
              disabled={!editable}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setInvalid(false);
              }}
            />
          </label>
          <button type="button" disabled={!editable} onClick={() => apply('fixed')}>
            {t('powerSchedule.save')}
          </button>
          {invalid && (
            <p role="alert" className="power__error">
              {t('powerSchedule.maxPowerValueNotValid')}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
