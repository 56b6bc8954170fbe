import { slotIndexAt, slotTimeLabel, type ScheduleResolution } from '@hearth/protocol';

interface SlotListProps {
  slots: readonly number[];
  resolution: ScheduleResolution;
  choices: readonly number[];
  valueLabel: (value: number) => string;
  /** Time of day to highlight when the shown day is today. */
  now?: { h: number; m: number };
  onChange: (index: number, value: number) => void;
}

/** Spec 3 §2: the 24 or 48 slots of the day, each with its profile. */
export function SlotList({ slots, resolution, choices, valueLabel, now, onChange }: SlotListProps) {
  const current = now ? slotIndexAt(now, resolution) : -1;
  return (
    <ol className="schedule__slots">
      {slots.map((value, i) => {
        const range = `${slotTimeLabel(i, resolution)} – ${slotTimeLabel(i + 1, resolution)}`;
        return (
          <li
            key={i}
            className={`schedule__slot schedule__slot-value--${value}${
              i === current ? ' schedule__slot--now' : ''
            }`}
          >
            <label className="schedule__slot-label">
              <span>{range}</span>
              <select
                aria-label={range}
                value={value}
                onChange={(e) => onChange(i, Number(e.target.value))}
              >
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {valueLabel(c)}
                  </option>
                ))}
              </select>
            </label>
          </li>
        );
      })}
    </ol>
  );
}
