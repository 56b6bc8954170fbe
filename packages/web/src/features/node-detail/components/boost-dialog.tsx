import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
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

/** Boost lasts 1 to 24 hours; runback up to the device's maximum in minutes. */
export const BOOST_HOURS = { min: 1, max: 24, step: 1 } as const;

/**
 * Spec 3 §4: the runback time is in minutes and the boost time in hours, multiplied by 60 for
 * display: both are shown in minutes.
 */
function shownMinutes(kind: BoostKind, time: number): number {
  return kind === 'boost' ? time * MINUTES_PER_HOUR : time;
}

export interface BoostChoice {
  temp: number;
  /** Hours for boost, minutes for runback. */
  time: number;
}

interface BoostDialogProps {
  kind: BoostKind;
  limits: TemperatureLimits;
  initial: BoostChoice;
  timeLocked: boolean;
  /** Editing a running boost: only the time may change (spec 3 §4). */
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
  const timeBounds =
    kind === 'boost'
      ? BOOST_HOURS
      : { min: RUNBACK_TIME.min + 1, max: props.maxRunbackTime, step: RUNBACK_TIME.step };
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
  const nudgeTime = (d: NudgeDirection) => {
    const r = nudgeValue(time, d, timeBounds);
    if (r.hitBound) shakeTime();
    else setTime(r.value);
  };
  const shownTime = t('nodeDetail.minutes', { count: shownMinutes(kind, time) });

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
              aria-valuenow={shownMinutes(kind, time)}
              aria-valuemin={shownMinutes(kind, timeBounds.min)}
              aria-valuemax={shownMinutes(kind, timeBounds.max)}
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
