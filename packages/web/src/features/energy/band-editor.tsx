import { useTranslation } from 'react-i18next';
import { bandProblem, WEEK_ORDER, weekdayName, type BandDraft } from './tariff-model';

interface Props {
  index: number;
  band: BandDraft;
  currency: string;
  /** Problems are shown once the owner tried to save. */
  showProblems: boolean;
  onChange: (band: BandDraft) => void;
  onRemove: () => void;
}

/** One time-of-use band: its weekdays, from–to in the home's wall time, and its price. */
export function BandEditor({ index, band, currency, showProblems, onChange, onRemove }: Props) {
  const { t, i18n } = useTranslation();
  const id = `band-${index}`;
  const problem = showProblems ? bandProblem(band) : undefined;
  const toggle = (day: number, on: boolean) =>
    onChange({
      ...band,
      days: on ? [...band.days, day] : band.days.filter((d) => d !== day),
    });
  return (
    <fieldset className="energy-band" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>{t('energy.tou.band', { n: index + 1 })}</legend>
      <div className="energy-band__days" role="group" aria-label={t('energy.tou.days')}>
        {WEEK_ORDER.map((d) => (
          <label key={d} className="energy-day">
            <input
              type="checkbox"
              checked={band.days.includes(d)}
              onChange={(e) => toggle(d, e.target.checked)}
              aria-label={weekdayName(d, i18n.language, 'long')}
            />
            <span aria-hidden="true">{weekdayName(d, i18n.language)}</span>
          </label>
        ))}
      </div>
      <div className="energy-band__row">
        <label>
          <span>{t('energy.tou.from')}</span>
          <input
            type="time"
            value={band.from}
            onChange={(e) => onChange({ ...band, from: e.target.value })}
          />
        </label>
        <label>
          <span>{t('energy.tou.to')}</span>
          <input
            type="time"
            value={band.to}
            onChange={(e) => onChange({ ...band, to: e.target.value })}
          />
        </label>
        <label>
          <span>{t('energy.pricePerKwh', { currency })}</span>
          <input
            inputMode="decimal"
            maxLength={12}
            value={band.price}
            onChange={(e) => onChange({ ...band, price: e.target.value })}
          />
        </label>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="energy-problem" role="alert">
          {t(`energy.tou.problem.${problem}`)}
        </p>
      )}
      <button type="button" className="hearth-button energy-band__remove" onClick={onRemove}>
        {t('energy.tou.remove', { n: index + 1 })}
      </button>
    </fieldset>
  );
}
