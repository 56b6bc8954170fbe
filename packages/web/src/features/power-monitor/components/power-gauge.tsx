import { useTranslation } from 'react-i18next';
import { formatKilowattNumber, formatKilowatts } from '../../../lib/devices';
import { arcPath, gaugeFraction, scaleLabelsKw } from '../model/gauge';

const CX = 100;
const CY = 100;
const R = 80;

/** Half doughnut from 0 to the limit in kW, as an SVG meter that screen readers can read. */
export function PowerGauge({
  powerW,
  limitW,
  label,
}: {
  powerW: number | undefined;
  limitW: number;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const fraction = gaugeFraction(powerW, limitW);
  const labels = scaleLabelsKw(limitW);
  return (
    <svg
      className="power-gauge"
      viewBox="0 0 200 120"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limitW}
      aria-valuenow={Math.round(powerW ?? 0)}
      aria-valuetext={
        powerW === undefined
          ? t('powerMonitor.noReading')
          : t('powerMonitor.reading', {
              watts: Math.round(powerW),
              limit: formatKilowattNumber(limitW, i18n.language),
            })
      }
      data-testid="power-gauge"
      data-fraction={fraction.toFixed(3)}
    >
      <path d={arcPath(CX, CY, R, 1)} className="power-gauge__track" fill="none" strokeWidth="18" />
      {fraction > 0 && (
        <path
          d={arcPath(CX, CY, R, fraction)}
          className="power-gauge__value"
          fill="none"
          strokeWidth="18"
        />
      )}
      <text x={20} y={116} textAnchor="middle" className="power-gauge__scale">
        {labels[0]}
      </text>
      <text x={180} y={116} textAnchor="middle" className="power-gauge__scale">
        {formatKilowatts(limitW, i18n.language, t)}
      </text>
    </svg>
  );
}
