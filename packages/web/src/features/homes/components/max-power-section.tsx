import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MAX_POWER_TYPES, type MaxPowerType } from '@hearth/protocol';

export interface MaxPowerValue {
  type: MaxPowerType;
  fixed: string;
}

interface Props {
  value: MaxPowerValue;
  readOnly: boolean;
  onChange: (next: MaxPowerValue) => void;
  scheduleLink?: string;
}

/** Spec 2 §2 home data form, max power section: no limit, a fixed limit or a schedule. */
export function MaxPowerSection({ value, readOnly, onChange, scheduleLink }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="hearth-form">
      <legend>{t('homes.maxPower.title')}</legend>
      {MAX_POWER_TYPES.map((type) => (
        <label key={type} className="hearth-radio">
          <input
            type="radio"
            name="max-power-type"
            checked={value.type === type}
            disabled={readOnly}
            onChange={() => onChange({ ...value, type })}
          />
          {t(`homes.maxPower.${type}`)}
        </label>
      ))}
      {value.type === 'fixed' && (
        <>
          <label htmlFor="max-power-fixed">{t('homes.maxPower.value')}</label>
          <input
            id="max-power-fixed"
            inputMode="numeric"
            value={value.fixed}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...value, fixed: e.target.value })}
          />
        </>
      )}
      {/* Spec 2 §2: the home data form links to the power schedule whatever the max power type. */}
      {scheduleLink && <Link to={scheduleLink}>{t('homes.maxPower.scheduleLink')}</Link>}
    </fieldset>
  );
}
