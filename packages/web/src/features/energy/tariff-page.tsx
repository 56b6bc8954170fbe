import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useHomeDevices, useHomes } from '../../lib/devices';
import { formatPricePerKwh } from '../../lib/money';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import {
  deleteTariff,
  energyKeys,
  useTariffs,
  type Tariff,
  type TariffHistory,
} from './energy-api';
import { ChargePlanCard } from './charge-plan-card';
import { PriceSourceSection } from './price-source-section';
import { refusalText } from './refusal-text';
import { TariffForm } from './tariff-form';
import { daysLabel, tariffInForce } from './tariff-model';
import './energy.css';

export const energyRoutes = {
  tariff: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/energy`,
  guard: (homeId: string) => `/homes/${encodeURIComponent(homeId)}/energy/guard`,
};

/** What a tariff charges, in a few lines the owner can check at a glance. */
export function TariffSummary({ tariff, currency }: { tariff: Tariff; currency: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const price = (p: number) => formatPricePerKwh(p, currency, lang);
  if (tariff.kind === 'flat')
    return <p>{t('energy.summary.flat', { price: price(tariff.pricePerKwh) })}</p>;
  if (tariff.kind === 'dynamic') {
    const first = tariff.prices[0]?.start;
    const last = tariff.prices[tariff.prices.length - 1]?.start;
    const date = (ms: number) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
    return (
      <>
        <p>
          {first === undefined || last === undefined
            ? t('energy.summary.dynamicEmpty')
            : t('energy.summary.dynamic', {
                slots: tariff.prices.length,
                minutes: tariff.slotMinutes,
                from: date(first),
                to: date(last),
              })}
        </p>
        <p>
          {tariff.fallbackPricePerKwh === undefined
            ? t('energy.summary.noFallback')
            : t('energy.summary.fallback', { price: price(tariff.fallbackPricePerKwh) })}
        </p>
      </>
    );
  }
  return (
    <>
      <p>{t('energy.summary.base', { price: price(tariff.basePricePerKwh) })}</p>
      {tariff.bands.length > 0 && (
        <ul className="energy-bands">
          {tariff.bands.map((b, i) => (
            <li key={i}>
              {t('energy.summary.band', {
                days: daysLabel(b.days, lang, t('energy.everyDay')),
                from: b.from,
                to: b.to,
                price: price(b.pricePerKwh),
              })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function History({
  homeId,
  history,
  owner,
  now,
  onChanged,
}: {
  homeId: string;
  history: TariffHistory;
  owner: boolean;
  now: number;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const msg = useTimedMessage();
  const currency = history.currency ?? '';
  const current = tariffInForce(history.tariffs, now);
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'long',
      timeZone: history.time_zone,
    }).format(ms);
  const remove = async (validFrom: number) => {
    try {
      await deleteTariff(homeId, validFrom);
      msg.success(t('energy.history.deleted'));
      onChanged();
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
    }
  };
  const newestFirst = [...history.tariffs].reverse();
  return (
    <section className="energy-section" aria-labelledby="energy-history">
      <h2 id="energy-history">{t('energy.history.title')}</h2>
      <p className="energy-note">{t('energy.history.hint')}</p>
      <ol className="energy-history" data-testid="tariff-history">
        {newestFirst.map((tariff) => {
          const future = tariff.validFrom > now;
          const state = future ? 'future' : tariff === current ? 'current' : 'past';
          return (
            <li
              key={tariff.validFrom}
              className={`energy-history__item energy-history__item--${state}`}
            >
              <h3>
                {t('energy.history.from', { date: date(tariff.validFrom) })} ·{' '}
                {t(`energy.kind.${tariff.kind === 'dynamic' ? 'csv' : tariff.kind}`)}
                <span className="energy-tag">{t(`energy.history.${state}`)}</span>
              </h3>
              <TariffSummary tariff={tariff} currency={currency} />
              {owner && future && (
                <button
                  type="button"
                  className="hearth-button hearth-danger"
                  onClick={() => void remove(tariff.validFrom)}
                >
                  {t('energy.history.delete', { date: date(tariff.validFrom) })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <MessageLine message={msg.message} />
    </section>
  );
}

/** Issue 29: a home's tariff (what energy costs, from when), read by all, changed by its owner. */
export function TariffPage() {
  const { t } = useTranslation();
  const { homeId = '' } = useParams();
  const queryClient = useQueryClient();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const tariffs = useTariffs(homeId);
  const devices = useHomeDevices(home);
  const storage = devices.flatMap((d) =>
    d.nodes
      .filter((n) => n.type === 'acm' && n.installed !== false)
      .map((n) => ({ dev: d.dev.dev_id, addr: n.addr, name: n.name })),
  );
  const [now] = useState(() => Date.now());
  const owner = home?.owner === true;
  const title = t('energy.title', { name: home?.name ?? '' });
  const saved = (history: TariffHistory) => {
    queryClient.setQueryData(energyKeys.tariffs(homeId), history);
    void queryClient.invalidateQueries({ queryKey: ['energy', homeId] });
    void queryClient.invalidateQueries({ queryKey: ['costs', homeId] });
  };
  if (homes.isSuccess && !home)
    return (
      <PageFrame title={t('energy.titlePlain')} backLabel={t('energy.back')}>
        <p role="status">{t('energy.homeNotFound')}</p>
      </PageFrame>
    );
  const history = tariffs.data;
  const current = history ? tariffInForce(history.tariffs, now) : undefined;
  return (
    <PageFrame title={title} backLabel={t('energy.back')}>
      <div className="energy-page">
        <p>{t('energy.intro')}</p>
        {tariffs.isError && (
          <LoadFailedPanel
            message={t('energy.loadFailed')}
            retryLabel={t('energy.retry')}
            onRetry={() => void tariffs.refetch()}
            retrying={tariffs.isFetching}
            testId="tariffs-failed"
          />
        )}
        {history && (
          <>
            <section className="energy-section" aria-labelledby="energy-current">
              <h2 id="energy-current">{t('energy.current')}</h2>
              {current && history.currency ? (
                <div data-testid="current-tariff">
                  <p className="energy-current-kind">
                    {t(`energy.kind.${current.kind === 'dynamic' ? 'csv' : current.kind}`)} ·{' '}
                    {history.currency}
                  </p>
                  <TariffSummary tariff={current} currency={history.currency} />
                </div>
              ) : (
                <p data-testid="no-tariff">{t('energy.noTariff')}</p>
              )}
            </section>
            {owner ? (
              <TariffForm
                homeId={homeId}
                history={history}
                current={current}
                now={now}
                onSaved={saved}
              />
            ) : (
              <p className="energy-note">{t('energy.ownerOnly')}</p>
            )}
            {owner && <PriceSourceSection homeId={homeId} currency={history.currency ?? 'EUR'} />}
            {history.tariffs.length > 0 && (
              <History
                homeId={homeId}
                history={history}
                owner={owner}
                now={now}
                onChanged={() =>
                  void queryClient.invalidateQueries({ queryKey: ['energy', homeId] })
                }
              />
            )}
          </>
        )}
        {history?.currency && storage.length > 0 && (
          <section className="energy-section" aria-labelledby="energy-storage">
            <h2 id="energy-storage">{t('energy.charge.title')}</h2>
            <p className="energy-note">{t('energy.charge.hint')}</p>
            {storage.map((s) => (
              <ChargePlanCard
                key={`${s.dev}/${s.addr}`}
                dev={s.dev}
                addr={s.addr}
                name={s.name}
                owner={owner}
                currency={history.currency ?? ''}
                tariffs={history.tariffs}
                timeZone={history.time_zone}
              />
            ))}
          </section>
        )}
        <p>
          <Link to={energyRoutes.guard(homeId)}>{t('energy.guardLink')}</Link>
        </p>
      </div>
    </PageFrame>
  );
}
