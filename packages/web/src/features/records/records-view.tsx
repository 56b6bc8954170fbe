import { useMemo, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  buildCsv,
  consumptionDecimals,
  drillDown,
  ENERGY_UNIT,
  isNextHidden,
  nextPeriod,
  periodFromQuery,
  periodToQuery,
  previousPeriod,
  recordsCsv,
  recordsCsvFileName,
  formatRecordsNumber,
  type RecordsPeriod,
} from '@hearth/protocol';
import { platform } from '../../lib/platform';
import { usableTimeZone, zonedNow } from '../../lib/time/zoned-now';
import { useSamples, type RecordsNode } from './api/records-api';
import { chartOptions } from './model/chart-options';
import { displayLabels, longMonthName } from './model/display-labels';
import { buildSeries, samplesNeeded } from './model/records-series';
import { PeriodNav } from './components/period-nav';
import { RecordsChart } from './components/records-chart';
import { RecordsTable } from './components/records-table';
import { downloadText } from '../../lib/ui/download';
import { useCapabilities } from '../../lib/client-data';
import { formatMoney } from '../../lib/money';
import { useCosts } from './api/costs-api';
import { costSeries } from './model/cost-series';

interface RecordsViewProps {
  title: string;
  /** The home whose tariff prices the energy (issue 29). */
  homeId: string;
  nodes: readonly RecordsNode[];
  timeZone: string | undefined;
  /** Heaters report temperatures; power monitors only energy. */
  withTemperature: boolean;
}

export function RecordsView({ title, homeId, nodes, timeZone, withTemperature }: RecordsViewProps) {
  const { t, i18n } = useTranslation();
  const capabilities = useCapabilities();
  const lang = i18n.language;
  const [search, setSearch] = useSearchParams();
  const [detailed, setDetailed] = useState(false);
  const [showCost, setShowCost] = useState(false);
  const tz = usableTimeZone(timeZone);
  const now = zonedNow(tz);
  const today = { year: now.y, month: now.n, day: now.d };
  const period = periodFromQuery(
    { day: search.get('day'), month: search.get('month'), year: search.get('year') },
    today,
  );
  const go = (p: RecordsPeriod) => setSearch(periodToQuery(p));
  const samples = useSamples(nodes, samplesNeeded(period), tz, today);
  const isDetailed = detailed && period.scope === 'day';

  const periodKey = `${JSON.stringify(period)}|${JSON.stringify(today)}`;
  const series = useMemo(
    () =>
      buildSeries(period, today, tz, samples.perNode, {
        detailed: isDetailed,
        withTemperature: withTemperature && !isDetailed,
      }),
    // period and today are rebuilt each render; their values are in the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [periodKey, tz, samples.perNode, isDetailed, withTemperature],
  );
  const labels = displayLabels(period, series.labels, lang);
  const costs = useCosts(homeId, period, tz);
  const cost = costSeries(costs.data, nodes, period, series.labels.length);
  const costChart = showCost && cost?.cost !== undefined && !isDetailed;
  const costName = cost
    ? t('records.withUnit', { name: t('records.cost.name'), unit: cost.currency })
    : '';
  const unpricedName = t('records.withUnit', {
    name: t('records.cost.unpricedColumn'),
    unit: t('records.units.kilowattHours'),
  });
  const unit = isDetailed ? 'W' : ENERGY_UNIT;
  // The unit as the user's language writes it (Вт, кВт·ч in Russian).
  const unitLabel = t(isDetailed ? 'records.units.watts' : 'records.units.kilowattHours');
  const celsius = t('records.units.celsius');
  const names = { consumption: t('records.consumption'), temperature: t('records.temperature') };
  // Issue 29: the cost view draws the period's money in the bars instead of its kWh.
  const options = chartOptions({
    labels,
    shown: series.labels.map((l) => l.shown),
    consumption: costChart && cost?.cost ? cost.cost : series.consumption,
    temperature: costChart ? undefined : series.temperature,
    names: costChart ? { ...names, consumption: t('records.cost.name') } : names,
    unit: costChart && cost ? cost.currency : unitLabel,
    temperatureUnit: celsius,
    lang,
  });
  const drill =
    period.scope === 'day'
      ? undefined
      : (i: number) => {
          const to = drillDown(period, i);
          if (to) go(to);
        };
  const drillLabel = (i: number) =>
    period.scope === 'year'
      ? t('records.openMonth', { month: longMonthName(i + 1, lang) })
      : t('records.openDay', { day: i + 1 });
  const up =
    period.scope === 'day'
      ? () => go({ scope: 'month', year: period.year, month: period.month })
      : period.scope === 'month'
        ? () => go({ scope: 'year', year: period.year })
        : undefined;

  /** With a tariff, the CSV carries the cost and the energy without a price per row. */
  const costCsv = () => {
    if (!cost?.cost || !cost.unpricedKwh || isDetailed) return undefined;
    const columns = [
      { header: t('records.time') },
      {
        header: t('records.withUnit', { name: names.consumption, unit: unitLabel }),
        decimals: consumptionDecimals(unit),
      },
      ...(series.temperature
        ? [
            {
              header: t('records.withUnit', { name: names.temperature, unit: celsius }),
              decimals: 1,
            },
          ]
        : []),
      { header: costName, decimals: 2 },
      { header: unpricedName, decimals: 3 },
    ];
    const rows = labels.map((label, i) => [
      label,
      series.consumption[i] ?? null,
      ...(series.temperature ? [series.temperature[i] ?? null] : []),
      cost.cost?.[i] ?? null,
      cost.unpricedKwh?.[i] ?? null,
    ]);
    return buildCsv(columns, rows, lang);
  };

  const downloadCsv = () => {
    const withCost = costCsv();
    if (withCost !== undefined) {
      downloadText(withCost, recordsCsvFileName(title, period), 'text/csv;charset=utf-8');
      return;
    }
    const csv = recordsCsv({
      headers: {
        time: t('records.time'),
        consumption: t('records.withUnit', { name: names.consumption, unit: unitLabel }),
        temperature: series.temperature
          ? t('records.withUnit', { name: names.temperature, unit: celsius })
          : undefined,
      },
      labels,
      consumption: series.consumption,
      temperature: series.temperature,
      lang,
      unit,
    });
    downloadText(csv, recordsCsvFileName(title, period), 'text/csv;charset=utf-8');
  };

  return (
    <div className="records">
      <PeriodNav
        period={period}
        nextHidden={isNextHidden(period, today)}
        onPrevious={() => go(previousPeriod(period))}
        onNext={() => go(nextPeriod(period))}
        onUp={up}
      />
      <div className="records__tools">
        {period.scope === 'day' && (
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={detailed}
              onChange={(e) => setDetailed(e.target.checked)}
            />
            <span>{t('records.detailed')}</span>
          </label>
        )}
        {cost?.cost && !isDetailed && (
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={showCost}
              onChange={(e) => setShowCost(e.target.checked)}
            />
            <span>{t('records.cost.show')}</span>
          </label>
        )}
        {!platform.isNative && capabilities.sampleDownloadEnabled && (
          <button
            type="button"
            className="hearth-button"
            onClick={downloadCsv}
            disabled={samples.pending}
          >
            {t('records.csv')}
          </button>
        )}
      </div>
      {samples.pending && (
        <p role="status">
          <IonSpinner aria-hidden="true" /> <span>{t('records.loading')}</span>
        </p>
      )}
      {/* Spec 3 §8 samples failure: the data-update error, said once (the toast or this line). */}
      {samples.ownMessage && <p role="status">{t('records.loadFailed')}</p>}
      {/* Without a tariff no cost is shown (never a cost of 0); the home settings lead to it. */}
      {cost && (
        <p className="records__cost" data-testid="records-cost">
          {t('records.cost.total', { cost: formatMoney(cost.total, cost.currency, lang) })}
          {cost.totalUnpricedKwh > 0 &&
            ` ${t('records.cost.unpricedTotal', {
              kwh: formatRecordsNumber(cost.totalUnpricedKwh, 1, lang),
            })}`}
        </p>
      )}
      <RecordsChart
        options={options}
        label={costChart ? t('records.cost.chart') : t('records.chart')}
        onBucket={drill}
      />
      <RecordsTable
        labels={labels}
        consumption={series.consumption}
        temperature={series.temperature}
        unit={unit}
        unitLabel={unitLabel}
        cost={
          cost?.cost && cost.unpricedKwh && !isDetailed
            ? {
                values: cost.cost,
                unpricedKwh: cost.unpricedKwh,
                header: costName,
                unpricedHeader: unpricedName,
              }
            : undefined
        }
        drillLabel={drill ? drillLabel : undefined}
        onBucket={drill}
      />
    </div>
  );
}
