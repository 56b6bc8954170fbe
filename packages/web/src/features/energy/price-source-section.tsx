import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MessageLine, useTimedMessage } from '../../lib/screens';
import { deletePriceSource, energyKeys, putPriceSource, usePriceSource } from './energy-api';
import { refusalText } from './refusal-text';
import { parsePrice } from './tariff-model';

/** Dynamic prices fetched by the server from a URL (hourly), with the last fetch and its error. */
export function PriceSourceSection({ homeId, currency }: { homeId: string; currency: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const source = usePriceSource(homeId, true);
  const msg = useTimedMessage();
  const [url, setUrl] = useState('');
  const [slot, setSlot] = useState<'' | '30' | '60'>('');
  const [fallback, setFallback] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: energyKeys.tariffs(homeId) });
  };

  const save = async () => {
    const fb = fallback.trim() === '' ? undefined : parsePrice(fallback);
    if (fallback.trim() !== '' && fb === undefined) {
      msg.error(t('energy.problem.fallback'));
      return;
    }
    setBusy(true);
    try {
      const answer = await putPriceSource(homeId, {
        url: url.trim(),
        currency,
        ...(slot === '' ? {} : { slot_minutes: Number(slot) as 30 | 60 }),
        ...(fb === undefined ? {} : { fallback_price_per_kwh: fb }),
      });
      queryClient.setQueryData(energyKeys.priceSource(homeId), answer);
      refresh();
      setUrl('');
      msg.success(answer.last_error ? t('energy.source.savedWithError') : t('energy.saved'));
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
      else msg.clear();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deletePriceSource(homeId);
      queryClient.setQueryData(energyKeys.priceSource(homeId), null);
      msg.success(t('energy.source.removed'));
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
    } finally {
      setBusy(false);
    }
  };

  const when = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const current = source.data;
  return (
    <section className="energy-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('energy.source.title')}</h2>
      <p className="energy-note">{t('energy.source.hint')}</p>
      {current && (
        <div className="energy-source" data-testid="price-source">
          <p className="energy-source__url">{current.url}</p>
          <p>
            {current.last_fetch_ms === null
              ? t('energy.source.neverFetched')
              : t('energy.source.lastFetch', { when: when(current.last_fetch_ms) })}
          </p>
          {current.last_error && (
            <p className="energy-problem" role="alert">
              {t('energy.source.lastError', { error: current.last_error })}
            </p>
          )}
          <button
            type="button"
            className="hearth-button hearth-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('energy.source.remove')}
          </button>
        </div>
      )}
      <form
        className="hearth-form energy-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>
          <span>{t('energy.source.url')}</span>
          <input
            type="url"
            required
            maxLength={2048}
            placeholder="https://"
            value={url}
            onChange={(e) => {
              msg.clear();
              setUrl(e.target.value);
            }}
          />
        </label>
        <label>
          <span>{t('energy.source.slot')}</span>
          <select value={slot} onChange={(e) => setSlot(e.target.value as '' | '30' | '60')}>
            <option value="">{t('energy.source.slotAuto')}</option>
            <option value="30">{t('energy.minutesShort', { n: 30 })}</option>
            <option value="60">{t('energy.minutesShort', { n: 60 })}</option>
          </select>
        </label>
        <label>
          <span>{t('energy.fallback', { currency })}</span>
          <input
            inputMode="decimal"
            maxLength={12}
            value={fallback}
            onChange={(e) => {
              msg.clear();
              setFallback(e.target.value);
            }}
          />
        </label>
        <MessageLine message={msg.message} />
        <button type="submit" className="hearth-button" disabled={busy || url.trim() === ''}>
          {current ? t('energy.source.replace') : t('energy.source.save')}
        </button>
      </form>
    </section>
  );
}
