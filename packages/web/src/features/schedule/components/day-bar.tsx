import { slotTimeLabel, type ScheduleResolution } from '@hearth/protocol';

interface DayBarProps {
  slots: readonly number[];
  resolution: ScheduleResolution;
  /** Minutes since midnight to mark, when the shown day is today. */
  nowMinute?: number;
  valueLabel: (value: number) => string;
  label: string;
}

/** The whole day at a glance: one coloured segment per slot, and where "now" is. */
export function DayBar({ slots, resolution, nowMinute, valueLabel, label }: DayBarProps) {
  return (
    <div className="schedule__bar" role="img" aria-label={label} data-testid="schedule-day-bar">
      {slots.map((value, i) => (
        <span
          key={i}
          className={`schedule__bar-slot schedule__slot-value--${value}`}
          title={`${slotTimeLabel(i, resolution)} ${valueLabel(value)}`}
        />
      ))}
      {nowMinute !== undefined && (
        <span
          className="schedule__bar-now"
          data-testid="schedule-now"
          style={{ left: `${(nowMinute / 1440) * 100}%` }}
        />
      )}
    </div>
  );
}
