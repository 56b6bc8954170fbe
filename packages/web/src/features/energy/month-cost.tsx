import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useHomes } from '../../lib/devices';
import { formatMoney } from '../../lib/money';
import { useMonthCost } from './energy-api';
import './energy.css';

const tariffLink = (homeId: string) => `/homes/${encodeURIComponent(homeId)}/energy`;

/** The dashboard's month so far in money, and where the month is heading (issue 29). */
export function MonthCost({ homeId }: { homeId: string }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => Date.now());
  const costs = useMonthCost(homeId, now);
  const owner = useHomes().data?.find((h) => h.id === homeId)?.owner === true;
  const data = costs.data;
  if (!data) return null;
  // Only the owner enters a tariff: the people the home is shared with are not asked for one.
  if (data.currency === null && !owner) return null;
  const m = data.month_to_date;
  const lang = i18n.language;
  const kwh = (v: number) =>
    new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(v);
  return (
    <aside className="energy-month" aria-label={t('energy.month.label')} data-testid="month-cost">
      {data.currency === null ? (
        <p>
          {t('energy.month.noTariff')}{' '}
          <Link to={tariffLink(homeId)}>{t('energy.month.setTariff')}</Link>
        </p>
      ) : (
        <>
          <p className="energy-month__figure">
            <span>{t('energy.month.toDate')}</span>{' '}
            <strong data-testid="month-cost-to-date">
              {formatMoney(m.cost_to_date, data.currency, lang)}
            </strong>{' '}
            <span className="energy-month__kwh">
              {t('energy.month.kwh', { kwh: kwh(m.kwh_to_date) })}
            </span>
          </p>
          {m.basis !== 'none' && (
            <p className="energy-month__projection" data-testid="month-cost-projection">
              {t('energy.month.projection', {
                cost: formatMoney(m.projected_cost, data.currency, lang),
              })}
            </p>
          )}
          {m.unpriced_kwh_to_date > 0 && (
            <p className="energy-month__unpriced">
              {t('energy.month.unpriced', { kwh: kwh(m.unpriced_kwh_to_date) })}
            </p>
          )}
          <Link to={tariffLink(homeId)}>{t('energy.month.tariffLink')}</Link>
        </>
      )}
    </aside>
  );
}
