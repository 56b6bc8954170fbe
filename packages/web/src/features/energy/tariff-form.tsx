import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageLine, useTimedMessage } from '../../lib/screens';
import { putTariff, putTariffCsv, type Tariff, type TariffHistory } from './energy-api';
import { BandEditor } from './band-editor';
import { refusalText } from './refusal-text';
import {
  bandOf,
  bandProblem,
  dateOf,
  draftOf,
  newBand,
  parsePrice,
  startOfDate,
  type BandDraft,
} from './tariff-model';

type Kind = 'flat' | 'time-of-use' | 'csv';

interface Props {
  homeId: string;
  history: TariffHistory;
  /** The tariff in force, to start the form from. */
  current: Tariff | undefined;
  now: number;
  onSaved: (history: TariffHistory) => void;
}

/** A new tariff from a date: flat, time-of-use bands by weekday, or dynamic prices from a CSV. */
export function TariffForm({ homeId, history, current, now, onSaved }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const tz = history.time_zone;
  const msg = useTimedMessage();
  const [kind, setKind] = useState<Kind>(
    current?.kind === 'dynamic' ? 'csv' : (current?.kind ?? 'time-of-use'),
  );
  const [currency, setCurrency] = useState(history.currency ?? 'EUR');
  const [from, setFrom] = useState(dateOf(now, tz));
  const [flat, setFlat] = useState(current?.kind === 'flat' ? String(current.pricePerKwh) : '');
  const [base, setBase] = useState(
    current?.kind === 'time-of-use' ? String(current.basePricePerKwh) : '',
  );
  const [bands, setBands] = useState<BandDraft[]>(
    current?.kind === 'time-of-use' ? current.bands.map(draftOf) : [newBand()],
  );
  const [file, setFile] = useState<File | null>(null);
  const [fallback, setFallback] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const code = currency.trim().toUpperCase();
  const validFrom = startOfDate(from, tz);
  const problems: string[] = [];
  if (!/^[A-Z]{3}$/.test(code)) problems.push(t('energy.problem.currency'));
  if (validFrom === undefined) problems.push(t('energy.problem.date'));
  if (kind === 'flat' && parsePrice(flat) === undefined) problems.push(t('energy.problem.price'));
  if (kind === 'time-of-use') {
    if (parsePrice(base) === undefined) problems.push(t('energy.problem.basePrice'));
    if (bands.some((b) => bandProblem(b) !== undefined)) problems.push(t('energy.problem.bands'));
  }
  if (kind === 'csv' && !file) problems.push(t('energy.problem.file'));
  if (kind === 'csv' && fallback.trim() !== '' && parsePrice(fallback) === undefined)
    problems.push(t('energy.problem.fallback'));

  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      msg.clear();
      set(v);
    };

  const save = async () => {
    setTried(true);
    if (problems.length > 0 || validFrom === undefined) {
      msg.error(problems.join(' '));
      return;
    }
    setBusy(true);
    try {
      let answer: TariffHistory;
      if (kind === 'csv' && file) {
        const fb = parsePrice(fallback);
        answer = await putTariffCsv(homeId, await file.text(), {
          currency: code,
          ...(fb === undefined ? {} : { fallbackPricePerKwh: fb }),
        });
      } else if (kind === 'flat') {
        answer = await putTariff(homeId, code, {
          kind: 'flat',
          validFrom,
          pricePerKwh: parsePrice(flat) ?? 0,
        });
      } else {
        answer = await putTariff(homeId, code, {
          kind: 'time-of-use',
          validFrom,
          basePricePerKwh: parsePrice(base) ?? 0,
          bands: bands.map(bandOf),
        });
      }
      onSaved(answer);
      setTried(false);
      msg.success(t('energy.saved'));
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
      else msg.clear();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="hearth-form energy-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id={`${id}-title`}>{t('energy.newTariff')}</h2>
      <fieldset className="hearth-form">
        <legend>{t('energy.kind.legend')}</legend>
        {(['flat', 'time-of-use', 'csv'] as const).map((k) => (
          <label key={k} className="hearth-radio">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k}
              onChange={() => change(setKind)(k)}
            />
            <span>{t(`energy.kind.${k}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="energy-form__row">
        <label>
          <span>{t('energy.currency')}</span>
          <input
            value={currency}
            maxLength={3}
            autoCapitalize="characters"
            aria-describedby={`${id}-currency-hint`}
            onChange={(e) => change(setCurrency)(e.target.value.toUpperCase())}
          />
        </label>
        {kind !== 'csv' && (
          <label>
            <span>{t('energy.validFrom')}</span>
            <input
              type="date"
              value={from}
              data-testid="tariff-valid-from"
              onChange={(e) => change(setFrom)(e.target.value)}
            />
          </label>
        )}
      </div>
      <p id={`${id}-currency-hint`} className="energy-note">
        {t('energy.currencyHint')}
      </p>
      {kind === 'flat' && (
        <label>
          <span>{t('energy.pricePerKwh', { currency: code })}</span>
          <input
            inputMode="decimal"
            maxLength={12}
            value={flat}
            onChange={(e) => change(setFlat)(e.target.value)}
          />
        </label>
      )}
      {kind === 'time-of-use' && (
        <>
          <label>
            <span>{t('energy.tou.base', { currency: code })}</span>
            <input
              inputMode="decimal"
              maxLength={12}
              value={base}
              onChange={(e) => change(setBase)(e.target.value)}
            />
          </label>
          <p className="energy-note">{t('energy.tou.hint')}</p>
          {bands.map((band, i) => (
            <BandEditor
              key={i}
              index={i}
              band={band}
              currency={code}
              showProblems={tried}
              onChange={(next) => change(setBands)(bands.map((b, j) => (j === i ? next : b)))}
              onRemove={() => change(setBands)(bands.filter((_, j) => j !== i))}
            />
          ))}
          {bands.length < 50 && (
            <button
              type="button"
              className="hearth-button"
              onClick={() => change(setBands)([...bands, newBand()])}
            >
              {t('energy.tou.add')}
            </button>
          )}
        </>
      )}
      {kind === 'csv' && (
        <>
          <p className="energy-note">{t('energy.csv.hint')}</p>
          <pre className="energy-csv-sample" aria-label={t('energy.csv.example')}>
            {
              'start,price_per_kwh\n2026-01-05T00:00:00+01:00,0.1012\n2026-01-05T00:30:00+01:00,0.0950'
            }
          </pre>
          <label>
            <span>{t('energy.csv.file')}</span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => change(setFile)(e.target.files?.[0] ?? null)}
            />
          </label>
          <label>
            <span>{t('energy.fallback', { currency: code })}</span>
            <input
              inputMode="decimal"
              maxLength={12}
              value={fallback}
              aria-describedby={`${id}-fallback-hint`}
              onChange={(e) => change(setFallback)(e.target.value)}
            />
          </label>
          <p id={`${id}-fallback-hint`} className="energy-note">
            {t('energy.fallbackHint')}
          </p>
        </>
      )}
      <MessageLine message={msg.message} />
      <button type="submit" className="hearth-button hearth-button--primary" disabled={busy}>
        {kind === 'csv' ? t('energy.csv.upload') : t('energy.save')}
      </button>
    </form>
  );
}
