import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOST_TIME,
  MINUTES_PER_HOUR,
  RUNBACK_TIME,
  SHAKE_MS,
  clampValue,
  nudgeTemperature,
  nudgeValue,
  type BoostKind,
  type NudgeDirection,
} from '@hearth/protocol';
import type { TemperatureLimits } from '../../../lib/devices';
import { useModalFocus } from '../../../lib/ui/use-modal-focus';
import { TemperatureControl } from './temperature-control';

/**
 * Boost lasts from an hour to the boost maximum (BOOST_TIME, 24 hours), chosen by the hour
 * (spec 3 §4: hours, shown as minutes).
 */
export const BOOST_MINUTES = {
  min: MINUTES_PER_HOUR,
  max: BOOST_TIME.max,
  step: MINUTES_PER_HOUR,
} as const;

export interface BoostChoice {
  temp: number;
  /** Minutes, for boost and runback alike (spec 3 §4 shows both in minutes). */
  time: number;
}

/**
 * The durations the dialog offers. Editing a running boost starts from the time it has left,
 * which may be less than the shortest new one: that much stays reachable (never raised to it).
 */
function timeBoundsOf(kind: BoostKind, maxRunbackTime: number, editFrom: number | undefined) {
  const bounds =
    kind === 'boost'
      ? BOOST_MINUTES
      : { min: RUNBACK_TIME.min + 1, max: maxRunbackTime, step: RUNBACK_TIME.step };
  return editFrom === undefined
    ? bounds
    : { ...bounds, min: Math.max(1, Math.min(bounds.min, editFrom)) };
}

interface BoostDialogProps {
  kind: BoostKind;
  limits: TemperatureLimits;
  initial: BoostChoice;
  timeLocked: boolean;
  /** Editing a running boost: only the time may change (spec 3 §4), from the time left. */
  timeOnly: boolean;
  maxRunbackTime: number;
  onAccept: (choice: BoostChoice) => void;
  onCancel: () => void;
}

function useShake(): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    on,
    () => {
      setOn(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setOn(false), SHAKE_MS);
    },
  ];
}

/** Spec 3 §4 boost or runback configuration: temperature and time, output temp and time. */
export function BoostDialog(props: BoostDialogProps) {
  const { t } = useTranslation();
  const { kind, limits } = props;
  const timeBounds = timeBoundsOf(
    kind,
    props.maxRunbackTime,
    props.timeOnly ? props.initial.time : undefined,
  );
  const [temp, setTemp] = useState(() => clampValue(props.initial.temp, limits.min, limits.max));
  const [time, setTime] = useState(() =>
    clampValue(props.initial.time, timeBounds.min, timeBounds.max),
  );
  const [tempShake, shakeTemp] = useShake();
  const [timeShake, shakeTime] = useShake();
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('[role="spinbutton"]:not([aria-disabled])')?.focus();
  }, []);

  const nudgeTemp = (d: NudgeDirection) => {
    const r = nudgeTemperature(temp, d, limits);
    if (r.hitBound) shakeTemp();
    else setTemp(r.value);
  };
  // Steps keep the minutes past the hour of the time left ("1 h 40" → "2 h 40"): the press is
  // counted from an offset, so that rounding to the step does not jump to a whole hour.
  const offset = props.timeOnly ? props.initial.time % timeBounds.step : 0;
  const nudgeTime = (d: NudgeDirection) => {
    const r = nudgeValue(time - offset, d, {
      min: timeBounds.min - offset,
      max: timeBounds.max - offset,
      step: timeBounds.step,
    });
    if (r.hitBound) shakeTime();
    else setTime(r.value + offset);
  };
  const shownTime = t('nodeDetail.minutes', { count: time });

  return (
    <div className="boost-dialog__backdrop">
      <div
        ref={dialog}
        className="boost-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="boost-dialog-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel();
        }}
      >
        <h2 id="boost-dialog-title">{t(`nodeDetail.${kind}Title`)}</h2>
        <TemperatureControl
          label={t('nodeDetail.boostTemperature')}
          value={temp}
          min={limits.min}
          max={limits.max}
          units={limits.units}
          pending={false}
          shaking={tempShake}
          disabled={props.timeOnly}
          onNudge={nudgeTemp}
          onSet={(v) => setTemp(clampValue(v, limits.min, limits.max))}
        />
        {props.timeLocked ? (
          <p className="boost-dialog__locked">{t('nodeDetail.timeLocked')}</p>
        ) : (
          <div className="boost-dialog__time">
            <button
              type="button"
              aria-label={t('nodeDetail.lessTime')}
              onClick={() => nudgeTime(-1)}
            >
              −
            </button>
            <div
              role="spinbutton"
              tabIndex={0}
              aria-label={t('nodeDetail.durationMinutes')}
              aria-valuenow={time}
              aria-valuemin={timeBounds.min}
              aria-valuemax={timeBounds.max}
              aria-valuetext={shownTime}
              className={timeShake ? 'shake' : undefined}
              data-testid="boost-time"
              onKeyDown={(e) => {
                if (e.key === 'ArrowUp' || e.key === 'ArrowRight') nudgeTime(1);
                else if (e.key === 'ArrowDown' || e.key === 'ArrowLeft') nudgeTime(-1);
                // Spin button keys, as the temperature beside it has them.
                else if (e.key === 'Home') setTime(timeBounds.min);
                else if (e.key === 'End') setTime(timeBounds.max);
                else return;
                e.preventDefault();
              }}
            >
              {shownTime}
            </div>
            <button
              type="button"
              aria-label={t('nodeDetail.moreTime')}
              onClick={() => nudgeTime(1)}
            >
              +
            </button>
          </div>
        )}
        <div className="boost-dialog__actions">
          <button type="button" onClick={props.onCancel}>
            {t('nodeDetail.cancel')}
          </button>
          <button type="button" className="primary" onClick={() => props.onAccept({ temp, time })}>
            {t('nodeDetail.accept')}
          </button>
        </div>
      </div>
    </div>
  );
}
