import { useTranslation } from 'react-i18next';
import {
  boostEndDateTime,
  boostRemainingMinutes,
  splitMinutes,
  type BoostEnd,
} from '@hearth/protocol';
import { formatCalendarDate } from '../../../lib/devices';
import { useDeviceClock } from '../api/device-clock';

interface BoostStatusProps {
  devId: string;
  kind: 'boost' | 'runback';
  end: BoostEnd | undefined;
  /** Storage heaters show when the boost ends instead of the time left. */
  storage: boolean;
  canEdit: boolean;
  /** A lost node hears nothing: its boost can be neither edited nor stopped. */
  disabled?: boolean;
  onEdit: () => void;
  onCancel: () => void;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Spec 3 §4: time left from the device clock (read every 30 s), or the end for storage
 * heaters, its date in the user's language as the header's (spec 1 §9).
 */
export function BoostStatus({
  devId,
  kind,
  end,
  storage,
  canEdit,
  disabled,
  onEdit,
  onCancel,
}: BoostStatusProps) {
  const { t, i18n } = useTranslation();
  const clock = useDeviceClock(devId, end !== undefined);
  // Issue 25: the screen says "Boost" (or "Runback") while it runs, and until when.
  let title = t(`nodeDetail.${kind}Active`);
  let detail: string | undefined;
  if (end && clock.data) {
    const at = boostEndDateTime(clock.data, end);
    const time = `${pad(at.h)}:${pad(at.m)}`;
    if (storage) {
      detail = t('nodeDetail.endsAt', {
        date: formatCalendarDate(at.y, at.n, at.d, i18n.language),
        time,
      });
    } else {
      title = t(`nodeDetail.${kind}Until`, { time });
      const { hours, minutes } = splitMinutes(boostRemainingMinutes(clock.data, end));
      detail = t('nodeDetail.remaining', { time: `${pad(hours)}:${pad(minutes)}` });
    }
  }
  return (
    <div className="boost-status" data-testid="boost-status">
      <div role="status" className="boost-status__text">
        <p className="boost-status__title">{title}</p>
        {detail && <p className="boost-status__detail">{detail}</p>}
      </div>
      {canEdit && (
        <button type="button" onClick={onEdit} disabled={disabled}>
          {t('nodeDetail.editTime')}
        </button>
      )}
      <button type="button" onClick={onCancel} disabled={disabled}>
        {t(`nodeDetail.cancel${kind === 'boost' ? 'Boost' : 'Runback'}`)}
      </button>
    </div>
  );
}
