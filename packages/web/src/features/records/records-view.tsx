import { useMemo, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  drillDown,
  ENERGY_UNIT,
  isNextHidden,
  nextPeriod,
  periodFromQuery,
  periodToQuery,
  previousPeriod,
  recordsCsv,
  recordsCsvFileName,
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
import { downloadText } from './model/download';
import { useCapabilities } from '../../lib/client-data';

interface RecordsViewProps {
  title: string;
  nodes: readonly RecordsNode[];
  timeZone: string | undefined;
  /** Heaters report temperatures; power monitors only energy. */
  withTemperature: boolean;
}

export function RecordsView({ title, nodes, timeZone, withTemperature }: RecordsViewProps) {
  const { t, i18n } = useTranslation();
  const capabilities = useCapabilities();
  const lang = i18n.language;
  const [search, setSearch] = useSearchParams();
  const [detailed, setDetailed] = useState(false);
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
  const unit = isDetailed ? 'W' : ENERGY_UNIT;
  // The unit as the user's language writes it (Вт, кВт·ч in Russian).
  const unitLabel = t(isDetailed ? 'records.units.watts' : 'records.units.kilowattHours');
  const celsius = t('records.units.celsius');
  const names = { consumption: t('records.consumption'), temperature: t('records.temperature') };
  const options = chartOptions({
    labels,
    shown: series.labels.map((l) => l.shown),
    consumption: series.consumption,
    temperature: series.temperature,
    names,
    unit: unitLabel,
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

  const downloadCsv = () => {
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
      <RecordsChart options={options} label={t('records.chart')} onBucket={drill} />
      <RecordsTable
        labels={labels}
        consumption={series.consumption}
        temperature={series.temperature}
        unit={unit}
        unitLabel={unitLabel}
        drillLabel={drill ? drillLabel : undefined}
        onBucket={drill}
      />
    </div>
  );
}
