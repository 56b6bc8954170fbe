import { useTranslation } from 'react-i18next';
import type { TemperatureUnits } from '@hearth/protocol';
import {
  roomId,
  useComfortSummary,
  useResumeHeating,
  type Preheating,
  type RoomRef,
} from './comfort-api';
import { clockTime, instantMs, type Wording } from './comfort-words';
import './comfort.css';

export interface ComfortNoticeProps {
  homeId: string;
  room: RoomRef;
  timeZone: string | undefined;
  units: TemperatureUnits | undefined;
}

interface NoticeState {
  holdUntil: number | undefined;
  preheating: Preheating | null | undefined;
}

/**
 * While a window holds the room at anti-frost: what happened, until when, and the one-tap
 * "Resume heating"; while optimum start warms the room ahead: for when. Nothing otherwise.
 */
export function ComfortNoticeView({
  room,
  timeZone,
  units,
  state,
  name,
}: Omit<ComfortNoticeProps, 'homeId'> & { state: NoticeState; name?: string }) {
  const { t, i18n } = useTranslation();
  const resume = useResumeHeating(room);
  const w: Wording = { t, locale: i18n.language, timeZone, units };
  const now = Date.now();
  if (state.holdUntil !== undefined && state.holdUntil > now) {
    return (
      <div className="comfort-notice comfort-notice--window" data-testid="window-notice">
        <p role="status" className="comfort-notice__text">
          {t('comfort.notice.window', { until: clockTime(w, state.holdUntil) })}
        </p>
        <button
          type="button"
          className="hearth-button hearth-button--primary comfort-notice__resume"
          onClick={() => resume.mutate()}
          disabled={resume.isPending}
          aria-busy={resume.isPending}
          aria-label={name ? t('comfort.notice.resumeNamed', { name }) : undefined}
        >
          {t('comfort.notice.resume')}
        </button>
      </div>
    );
  }
  if (state.preheating && state.preheating.by > now) {
    return (
      <p className="comfort-notice comfort-notice--preheat" data-testid="preheat-notice">
        {t('comfort.notice.preheat', { by: clockTime(w, state.preheating.by) })}
      </p>
    );
  }
  return null;
}

/** The dashboard card's notice, from the home's summary (one read for all its cards). */
export function CardComfortNotice(props: ComfortNoticeProps & { name: string }) {
  const summary = useComfortSummary(props.homeId);
  const mine = summary.data?.rooms.find((r) => r.room === roomId(props.room));
  if (!mine) return null;
  return (
    <ComfortNoticeView
      {...props}
      state={{ holdUntil: instantMs(mine.window_hold_until), preheating: mine.preheating }}
    />
  );
}
