import type { KeyboardEvent } from 'react';
import { IonIcon } from '@ionic/react';
import { add, remove } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { NudgeDirection, TemperatureUnits } from '@hearth/protocol';

interface TemperatureControlProps {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  units: TemperatureUnits;
  pending: boolean;
  shaking: boolean;
  disabled?: boolean;
  /** Off shows dashes instead of a value (spec 3 §2). */
  dashes?: boolean;
  onNudge: (direction: NudgeDirection) => void;
  onSet: (value: number) => void;
}

/** A WAI-ARIA spin button for a set point, with plus and minus buttons beside it. */
export function TemperatureControl(props: TemperatureControlProps) {
  const { t, i18n } = useTranslation();
  const { value, min, max, units, pending, shaking, disabled, dashes } = props;
  const format = (n: number) =>
    new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(n);
  const text = dashes || value === undefined ? '--' : `${format(value)} °${units}`;
  const inactive = disabled || dashes || value === undefined;

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (inactive) return;
    const actions: Record<string, () => void> = {
      ArrowUp: () => props.onNudge(1),
      ArrowRight: () => props.onNudge(1),
      ArrowDown: () => props.onNudge(-1),
      ArrowLeft: () => props.onNudge(-1),
      PageUp: () => props.onNudge(1),
      PageDown: () => props.onNudge(-1),
      Home: () => props.onSet(min),
      End: () => props.onSet(max),
    };
    const action = actions[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  return (
    <div className="temperature-control">
      <button
        type="button"
        className="temperature-control__step"
        aria-label={t('nodeDetail.lower')}
        disabled={inactive}
        onClick={() => props.onNudge(-1)}
      >
        <IonIcon icon={remove} aria-hidden="true" />
      </button>
      <div
        role="spinbutton"
        tabIndex={inactive ? -1 : 0}
        aria-label={props.label}
        aria-valuenow={dashes ? undefined : value}
        aria-valuemin={min <= max ? min : undefined}
        aria-valuemax={min <= max ? max : undefined}
        aria-valuetext={text}
        aria-disabled={inactive || undefined}
        aria-busy={pending || undefined}
        className={`temperature-control__value${shaking ? ' shake' : ''}${pending ? ' temperature-control__value--pending' : ''}`}
        data-testid="temperature-value"
        data-pending={pending ? 'true' : undefined}
        onKeyDown={onKey}
      >
        {text}
      </div>
      <button
        type="button"
        className="temperature-control__step"
        aria-label={t('nodeDetail.raise')}
        disabled={inactive}
        onClick={() => props.onNudge(1)}
      >
        <IonIcon icon={add} aria-hidden="true" />
      </button>
      {pending && (
        <span className="temperature-control__pending" role="status">
          {t('nodeDetail.pending')}
        </span>
      )}
    </div>
  );
}
