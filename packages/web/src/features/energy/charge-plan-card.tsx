import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChargePlanAnswer, ChargePlanSettings } from '@hearth/protocol';
import { formatMoney, formatPricePerKwh } from '../../lib/money';
import { MessageLine, useTimedMessage } from '../../lib/screens';
import { energyKeys, putChargePlan, useChargePlan, type Tariff } from './energy-api';
import { refusalText } from './refusal-text';
import { priceOf } from './tariff-model';

const BLOCKS = [30, 60, 90, 120] as const;
const SLOT_MS = 30 * 60_000;

/** The plan's horizon in half hours, each with its price and whether the heater charges then. */
function planSlots(
  plan: NonNullable<ChargePlanAnswer['plan']>,
  tariffs: readonly Tariff[],
  timeZone: string,
) {
  const out: { start: number; price: number | undefined; charging: boolean }[] = [];
  for (let t = plan.from_ms; t < plan.to_ms && out.length < 96; t += SLOT_MS) {
    const planned = plan.slots.find((s) => s.start_ms <= t && t < s.end_ms);
    out.push({
      start: t,
      price: planned?.price_per_kwh ?? priceOf(tariffs, t, timeZone),
      charging: planned !== undefined && planned.kwh > 0,
    });
  }
  return out;
}

/** Issue 29: a storage heater's charge plan: settings, and the plan drawn over the prices. */
export function ChargePlanCard({
  dev,
  addr,
  name,
  owner,
  currency,
  tariffs,
  timeZone,
}: {
  dev: string;
  addr: number;
  name: string;
  owner: boolean;
  currency: string;
  tariffs: readonly Tariff[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const answer = useChargePlan(dev, addr);
  const msg = useTimedMessage();
  const [draft, setDraft] = useState<ChargePlanSettings | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (answer.data && draft === null) {
      const { enabled, target_pct, ready_by, min_block_min } = answer.data;
      setDraft({ enabled, target_pct, ready_by, min_block_min });
    }
  }, [answer.data, draft]);
  const lang = i18n.language;
  const hhmm = (ms: number) =>
    new Intl.DateTimeFormat(lang, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(ms);

  const save = async () => {
    if (!draft) return;
    if (!(draft.target_pct >= 0 && draft.target_pct <= 100)) {
      msg.error(t('energy.charge.problemTarget'));
      return;
    }
    setBusy(true);
    try {
      const next = await putChargePlan(dev, addr, draft);
      queryClient.setQueryData(energyKeys.chargePlan(dev, addr), next);
      msg.success(t('energy.saved'));
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
      else msg.clear();
    } finally {
      setBusy(false);
    }
  };

  if (answer.isError)
    return (
      <section className="energy-charge" aria-label={name}>
        <h3>{name}</h3>
        <p>{t('energy.charge.loadFailed')}</p>
      </section>
    );
  const plan = answer.data?.plan ?? null;
  const slots = plan ? planSlots(plan, tariffs, timeZone) : [];
  const prices = slots.flatMap((s) => (s.price === undefined ? [] : [s.price]));
  const top = Math.max(0.0001, ...prices);
  const low = Math.min(0, ...prices);
  const edit = (next: Partial<ChargePlanSettings>) => {
    msg.clear();
    if (draft) setDraft({ ...draft, ...next });
  };
  return (
    <section className="energy-charge" aria-labelledby={`${id}-name`} data-testid="charge-plan">
      <h3 id={`${id}-name`}>{name}</h3>
      {draft && (
        <form
          className="hearth-form energy-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="hearth-check">
            <input
              type="checkbox"
              role="switch"
              checked={draft.enabled}
              disabled={!owner}
              onChange={(e) => edit({ enabled: e.target.checked })}
            />
            <span>{t('energy.charge.enabled')}</span>
          </label>
          <div className="energy-form__row">
            <label>
              <span>{t('energy.charge.target')}</span>
              <input
                type="number"
                min={0}
                max={100}
                step={5}
                value={draft.target_pct}
                disabled={!owner}
                onChange={(e) => edit({ target_pct: Number(e.target.value) })}
              />
            </label>
            <label>
              <span>{t('energy.charge.readyBy')}</span>
              <input
                type="time"
                value={draft.ready_by}
                disabled={!owner}
                onChange={(e) => edit({ ready_by: e.target.value })}
              />
            </label>
            <label>
              <span>{t('energy.charge.minBlock')}</span>
              <select
                value={draft.min_block_min}
                disabled={!owner}
                onChange={(e) =>
                  edit({ min_block_min: Number(e.target.value) as (typeof BLOCKS)[number] })
                }
              >
                {BLOCKS.map((b) => (
                  <option key={b} value={b}>
                    {t('energy.minutesShort', { n: b })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <MessageLine message={msg.message} />
          {owner && (
            <button type="submit" className="hearth-button" disabled={busy}>
              {t('energy.charge.save', { name })}
            </button>
          )}
        </form>
      )}
      {plan ? (
        <>
          <p data-testid="charge-plan-summary">
            {t(plan.reaches_target ? 'energy.charge.reaches' : 'energy.charge.short', {
              cost: formatMoney(plan.cost, plan.currency, lang),
            })}
          </p>
          <p className="energy-note">{plan.text}</p>
          <figure className="energy-plan">
            <svg
              viewBox={`0 0 ${slots.length * 10} 100`}
              preserveAspectRatio="none"
              role="img"
              aria-label={t('energy.charge.chart', {
                from: hhmm(plan.from_ms),
                to: hhmm(plan.to_ms),
              })}
            >
              {slots.map((s, i) => {
                const h = s.price === undefined ? 0 : ((s.price - low) / (top - low)) * 90 + 4;
                return (
                  <rect
                    key={s.start}
                    x={i * 10 + 1}
                    y={100 - h}
                    width={8}
                    height={h}
                    className={s.charging ? 'energy-plan__on' : 'energy-plan__off'}
                  />
                );
              })}
            </svg>
            <figcaption className="energy-plan__axis">
              <span>{hhmm(plan.from_ms)}</span>
              <span>
                <span className="energy-plan__key energy-plan__on" aria-hidden="true" />{' '}
                {t('energy.charge.key')}
              </span>
              <span>{hhmm(plan.to_ms)}</span>
            </figcaption>
          </figure>
          <details>
            <summary>{t('energy.charge.slots')}</summary>
            <ul>
              {plan.slots.map((s) => (
                <li key={s.start_ms}>
                  {t('energy.charge.slot', {
                    from: hhmm(s.start_ms),
                    to: hhmm(s.end_ms),
                    kwh: s.kwh.toFixed(1),
                    price: formatPricePerKwh(s.price_per_kwh, currency, lang),
                  })}
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : (
        answer.isSuccess && <p>{t('energy.charge.noPlan')}</p>
      )}
    </section>
  );
}
