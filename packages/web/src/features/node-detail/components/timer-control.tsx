import { useTranslation } from 'react-i18next';

/** Spec 3 §2 timer control: ON or OFF; the switch works in manual and in off (ruling D2). */
export function TimerControl({
  on,
  enabled,
  onFlip,
}: {
  on: boolean;
  enabled: boolean;
  onFlip: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="timer-control">
      <span className="timer-control__state" data-testid="timer-state">
        {on ? t('nodeDetail.on') : t('nodeDetail.off')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t('nodeDetail.timerSwitch')}
        disabled={!enabled}
        className={`timer-control__switch${on ? ' timer-control__switch--on' : ''}`}
        onClick={() => onFlip(!on)}
      >
        <span aria-hidden="true" className="timer-control__knob" />
      </button>
    </div>
  );
}
