import { useTranslation } from 'react-i18next';
import type { PowerGrid as Grid, PowerProfile, WeekDay } from '@hearth/protocol';
import { weekdayName } from '../../../lib/time/weekday-name';

interface PowerGridProps {
  grid: Grid;
  order: readonly WeekDay[];
  profiles: readonly PowerProfile[];
  lang: string;
  selectedRow: number;
  now: { row: number; hour: number };
  onSelectRow: (row: number) => void;
  onCell: (row: number, hour: number) => void;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Spec 3 §2: 7 days × 24 hours, each hour coloured by its profile; the current day and hour
 * (in the home's time zone) are highlighted.
 */
export function PowerGrid({
  grid,
  order,
  profiles,
  lang,
  selectedRow,
  now,
  onSelectRow,
  onCell,
}: PowerGridProps) {
  const { t } = useTranslation();
  return (
    <table className="power__grid" aria-label={t('powerSchedule.grid')}>
      <tbody>
        {grid.map((hours, row) => {
          const day = order[row] ?? 0;
          const dayName = weekdayName(day, lang, 'long');
          const today = now.row === row;
          return (
            <tr key={row}>
              <th scope="row" className={today ? 'power__day--today' : undefined}>
                <button
                  type="button"
                  aria-pressed={row === selectedRow}
                  aria-current={today ? 'date' : undefined}
                  aria-label={dayName}
                  onClick={() => onSelectRow(row)}
                >
                  {weekdayName(day, lang)}
                </button>
              </th>
              {hours.map((profile, hour) => {
                const isNow = now.row === row && now.hour === hour;
                const p = profiles[profile];
                return (
                  <td key={hour} className={isNow ? 'power__cell--now' : undefined}>
                    <button
                      type="button"
                      className="power__cell"
                      style={{ background: p?.color }}
                      aria-current={isNow ? 'time' : undefined}
                      aria-label={`${dayName} ${hourLabel(hour)}: ${p?.name ?? ''}`}
                      onClick={() => onCell(row, hour)}
                    />
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
