import { useRef, useState, type KeyboardEvent } from 'react';
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

const HOURS = 24;
const HOUR_LABEL_EVERY = 3;

/** Where an arrow, Home or End key moves within the days × hours; none for other keys. */
function cellAfterKey(key: string, row: number, hour: number, rows: number) {
  const moves: Record<string, [number, number]> = {
    ArrowRight: [row, Math.min(hour + 1, HOURS - 1)],
    ArrowLeft: [row, Math.max(hour - 1, 0)],
    ArrowDown: [Math.min(row + 1, rows - 1), hour],
    ArrowUp: [Math.max(row - 1, 0), hour],
    Home: [row, 0],
    End: [row, HOURS - 1],
  };
  return moves[key];
}

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
  // One tab stop for the 168 hours: the arrow keys move between them (roving tab index).
  const [active, setActive] = useState<[number, number]>([now.row, now.hour]);
  const table = useRef<HTMLTableElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, row: number, hour: number) => {
    const next = cellAfterKey(e.key, row, hour, grid.length);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    table.current?.querySelector<HTMLButtonElement>(`[data-cell="${next[0]}:${next[1]}"]`)?.focus();
  };
  return (
    <table ref={table} className="power__grid" aria-label={t('powerSchedule.grid')}>
      <thead>
        {/* The hours over the columns, every third one written so that 24 fit on a phone. */}
        <tr className="power__hours">
          <td />
          {Array.from({ length: HOURS }, (_, hour) => (
            <th key={hour} scope="col" aria-label={hourLabel(hour)}>
              {hour % HOUR_LABEL_EVERY === 0 ? String(hour).padStart(2, '0') : ''}
            </th>
          ))}
        </tr>
      </thead>
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
                      data-cell={`${row}:${hour}`}
                      tabIndex={active[0] === row && active[1] === hour ? 0 : -1}
                      onFocus={() => setActive([row, hour])}
                      onKeyDown={(e) => onKeyDown(e, row, hour)}
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
