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
  onEdit,
  onCancel,
}: BoostStatusProps) {
  const { t, i18n } = useTranslation();
  const clock = useDeviceClock(devId, end !== undefined);
  let text = t(`nodeDetail.${kind}Active`);
  if (end && clock.data) {
    if (storage) {
      const at = boostEndDateTime(clock.data, end);
      text = t('nodeDetail.endsAt', {
        date: formatCalendarDate(at.y, at.n, at.d, i18n.language),
        time: `${pad(at.h)}:${pad(at.m)}`,
      });
    } else {
      const { hours, minutes } = splitMinutes(boostRemainingMinutes(clock.data, end));
      text = t('nodeDetail.remaining', { time: `${pad(hours)}:${pad(minutes)}` });
    }
  }
  return (
    <div className="boost-status" data-testid="boost-status">
      <p role="status">{text}</p>
      {canEdit && (
        <button type="button" onClick={onEdit}>
          {t('nodeDetail.editTime')}
        </button>
      )}
      <button type="button" onClick={onCancel}>
        {t(`nodeDetail.cancel${kind === 'boost' ? 'Boost' : 'Runback'}`)}
      </button>
    </div>
  );
}
