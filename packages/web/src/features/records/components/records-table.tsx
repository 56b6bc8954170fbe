import { useTranslation } from 'react-i18next';
import { consumptionDecimals, formatRecordsNumber } from '@hearth/protocol';

interface RecordsTableProps {
  labels: readonly string[];
  consumption: readonly (number | null)[];
  temperature?: readonly (number | null)[];
  unit: string;
  /** The unit as the user's language writes it, for the column header. */
  unitLabel: string;
  /** Issue 29: each bucket's cost and its energy without a price, with their headers. */
  cost?: {
    values: readonly (number | null)[];
    unpricedKwh: readonly (number | null)[];
    header: string;
    unpricedHeader: string;
  };
  /** Names each bucket's drill-down button; absent on a day chart. */
  drillLabel?: (index: number) => string;
  onBucket?: (index: number) => void;
}

/** A value with its fixed decimals (0,500 in Spanish), written as the CSV writes it. */
const fmt = (v: number | null | undefined, digits: number, lang: string) =>
  v === null || v === undefined ? '–' : formatRecordsNumber(v, digits, lang);

/** The chart's numbers for screen readers and keyboards, with the same drill-down. */
export function RecordsTable({
  labels,
  consumption,
  temperature,
  unit,
  unitLabel,
  cost,
  drillLabel,
  onBucket,
}: RecordsTableProps) {
  const { t, i18n } = useTranslation();
  // The energy without a price gets its column only where there is some (a narrow screen).
  const unpriced = cost?.unpricedKwh.some((v) => (v ?? 0) > 0) === true;
  return (
    <details className="records__table">
      <summary>{t('records.showData')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('records.time')}</th>
            <th scope="col">
              {t('records.withUnit', { name: t('records.consumption'), unit: unitLabel })}
            </th>
            {temperature && (
              <th scope="col">
                {t('records.withUnit', {
                  name: t('records.temperature'),
                  unit: t('records.units.celsius'),
                })}
              </th>
            )}
            {cost && <th scope="col">{cost.header}</th>}
            {cost && unpriced && <th scope="col">{cost.unpricedHeader}</th>}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={i}>
              <th scope="row">
                {onBucket && drillLabel ? (
                  <button type="button" aria-label={drillLabel(i)} onClick={() => onBucket(i)}>
                    {label}
                  </button>
                ) : (
                  label
                )}
              </th>
              <td>{fmt(consumption[i], consumptionDecimals(unit), i18n.language)}</td>
              {temperature && <td>{fmt(temperature[i], 1, i18n.language)}</td>}
              {cost && (
                <td>
                  {/* Energy with no price is never shown as free. */}
                  {cost.values[i] === 0 && (cost.unpricedKwh[i] ?? 0) > 0
                    ? t('records.cost.unpriced')
                    : fmt(cost.values[i], 2, i18n.language)}
                </td>
              )}
              {cost && unpriced && <td>{fmt(cost.unpricedKwh[i], 3, i18n.language)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
