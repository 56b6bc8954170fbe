import type { WeekDay } from '@hearth/protocol';
import { weekdayName } from '../../../lib/time/weekday-name';

interface DaySelectorProps {
  order: readonly WeekDay[];
  selected: number;
  today: number;
  lang: string;
  label: string;
  onSelect: (day: WeekDay) => void;
}

/** Spec 3 §2: one button per day, today highlighted. */
export function DaySelector({ order, selected, today, lang, label, onSelect }: DaySelectorProps) {
  return (
    <div className="schedule__days" role="group" aria-label={label} data-testid="schedule-days">
      {order.map((day) => (
        <button
          key={day}
          type="button"
          className={`schedule__day${day === today ? ' schedule__day--today' : ''}`}
          aria-pressed={day === selected}
          aria-current={day === today ? 'date' : undefined}
          aria-label={weekdayName(day, lang, 'long')}
          onClick={() => onSelect(day)}
        >
          {weekdayName(day, lang)}
        </button>
      ))}
    </div>
  );
}
