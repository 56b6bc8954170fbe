import { useTranslation } from 'react-i18next';
import {
  CONTROL_MODES,
  FLOOR_PROBE_RESISTORS,
  NODE_NAME_MAX,
  numericLabel,
  revealLockPassword,
  sanitizeLockPasswordInput,
  weekDayOrder,
} from '@hearth/protocol';
import type { SettingDef } from '../model/setting-defs';
import type { Interval } from '../model/settings-model';
import { TimePicker } from './time-picker';

interface Props {
  def: SettingDef;
  value: unknown;
  initial: unknown;
  editable: boolean;
  range?: { min: number; max: number; step: number };
  units: string;
  lang: string;
  onChange: (value: unknown) => void;
}

/** Option labels that are not plain values (spec 3 §3 reference lists). */
function optionLabel(
  def: SettingDef,
  v: string | number,
  t: (k: string, options?: Record<string, unknown>) => string,
): string {
  if (def.name === 'control_mode') {
    const mode = CONTROL_MODES[Number(v)] ?? String(v);
    // Spec 3 §3: modes 0–3 are hysteresis widths (0.2 … 0.7), the others PID variants.
    return mode.startsWith('PID') ? mode : t('nodeConfig.hysteresis', { value: mode });
  }
  if (def.name === 'floor_probe_resistor') return FLOOR_PROBE_RESISTORS[Number(v)] ?? String(v);
  if (def.name === 'temperature_units') return `°${v}`;
  return t(`nodeConfig.options.${def.name}.${v}`);
}

/**
 * Spec 3 §9: charge days are 7 flags stored Sunday first, as the gateway reads them (flag w for
 * weekday w, 0 Sunday); shown from Sunday in English and from Monday in other languages.
 */
function dayName(i: number, lang: string): string {
  // 2024-01-07 was a Sunday: index 0 of the stored flags.
  return new Intl.DateTimeFormat(lang, { weekday: 'short' }).format(new Date(2024, 0, 7 + i));
}

function oneDecimal(value: number, lang: string): string {
  const { integer, decimal } = numericLabel(value);
  const separator =
    new Intl.NumberFormat(lang).formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return `${integer}${separator}${decimal}`;
}

export function SettingControl({
  def,
  value,
  initial,
  editable,
  range,
  units,
  lang,
  onChange,
}: Props) {
  const { t } = useTranslation();
  const id = `setting-${def.name}`;
  const label = t(`nodeConfig.settings.${def.name}`);
  switch (def.kind) {
    case 'toggle':
      return (
        <label className="hearth-check">
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={value === true}
            disabled={!editable}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
      );
    case 'select':
      return (
        <div className="hearth-form">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            value={String(value)}
            disabled={!editable}
            onChange={(e) =>
              onChange(typeof value === 'number' ? Number(e.target.value) : e.target.value)
            }
          >
            {(def.accepted ?? []).map((v) => (
              <option key={v} value={String(v)}>
                {optionLabel(def, v, t)}
              </option>
            ))}
          </select>
        </div>
      );
    case 'slider': {
      const r = range ?? { min: 0, max: 100, step: 1 };
      // Spec 3 §5 numeric label: a temperature reads with its one decimal digit ("28.0 °C").
      const shown = def.temperature
        ? `${oneDecimal(Number(value), lang)} °${units}`
        : def.name === 'max_runback_time'
          ? t('nodeConfig.minutesValue', { value: String(value) })
          : String(value);
      return (
        <div className="hearth-form">
          <label htmlFor={id}>
            {label}: <output data-testid={`${id}-value`}>{shown}</output>
          </label>
          <input
            id={id}
            type="range"
            min={r.min}
            max={r.max}
            step={r.step}
            value={Number(value)}
            disabled={!editable}
            onChange={(e) => onChange(Number(e.target.value))}
          />
        </div>
      );
    }
    case 'interval': {
      const v = (value ?? { start: 0, end: 0 }) as Interval;
      const picker = (part: 'start' | 'end') => (
        <TimePicker
          id={`${id}-${part}`}
          label={t(`nodeConfig.${part}`)}
          hourLabel={t('nodeConfig.hours')}
          minuteLabel={t('nodeConfig.minutes')}
          value={v[part]}
          disabled={!editable}
          onChange={(m) => onChange({ ...v, [part]: m })}
        />
      );
      return (
        <div className="hearth-form" role="group" aria-label={label}>
          <span>{label}</span>
          {picker('start')}
          {picker('end')}
        </div>
      );
    }
    case 'days': {
      const flags = Array.isArray(value) ? (value as boolean[]) : [];
      return (
        <fieldset className="hearth-form" disabled={!editable}>
          <legend>{label}</legend>
          {weekDayOrder(lang).map((i) => (
            <label key={i} className="hearth-check">
              <input
                type="checkbox"
                checked={flags[i] === true}
                onChange={() => onChange(flags.map((f, j) => (j === i ? !f : f)))}
              />
              {dayName(i, lang)}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'password': {
      const text = String(value ?? '');
      return (
        <div className="hearth-form">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={revealLockPassword(text, String(initial ?? '')) ? 'text' : 'password'}
            inputMode="numeric"
            maxLength={4}
            value={text}
            readOnly={!editable}
            onChange={(e) => onChange(sanitizeLockPasswordInput(e.target.value))}
          />
        </div>
      );
    }
    default:
      return (
        <div className="hearth-form">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            value={String(value ?? '')}
            readOnly={!editable}
            inputMode={def.kind === 'number' ? 'numeric' : undefined}
            maxLength={def.kind === 'text' ? NODE_NAME_MAX : undefined}
            onChange={(e) =>
              onChange(def.kind === 'number' ? e.target.value.replace(/\D/g, '') : e.target.value)
            }
          />
        </div>
      );
  }
}
