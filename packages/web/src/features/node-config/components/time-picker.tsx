import {
  MINUTES_PER_DAY,
  TIME_PICKER_MINUTE_STEP_MIN,
  timeLabel,
  timePickerValue,
} from '@hearth/protocol';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from(
  { length: 60 / TIME_PICKER_MINUTE_STEP_MIN },
  (_, i) => i * TIME_PICKER_MINUTE_STEP_MIN,
);

interface Props {
  id: string;
  label: string;
  hourLabel: string;
  minuteLabel: string;
  value: number;
  disabled: boolean;
  onChange: (minutes: number) => void;
}

/** Spec 3 §5: a time of day in 1 h and 10 min steps, stored as minutes since midnight. */
export function TimePicker({
  id,
  label,
  hourLabel,
  minuteLabel,
  value,
  disabled,
  onChange,
}: Props) {
  const minutes = ((value % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return (
    <fieldset className="time-picker" disabled={disabled}>
      <legend>
        {label} <output data-testid={`${id}-label`}>{timeLabel(minutes)}</output>
      </legend>
      <select
        aria-label={`${label}: ${hourLabel}`}
        value={h}
        onChange={(e) => onChange(timePickerValue(Number(e.target.value), m))}
      >
        {HOURS.map((x) => (
          <option key={x} value={x}>
            {String(x).padStart(2, '0')}
          </option>
        ))}
      </select>
      :
      <select
        aria-label={`${label}: ${minuteLabel}`}
        value={m - (m % TIME_PICKER_MINUTE_STEP_MIN)}
        onChange={(e) => onChange(timePickerValue(h, Number(e.target.value)))}
      >
        {MINUTES.map((x) => (
          <option key={x} value={x}>
            {String(x).padStart(2, '0')}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
