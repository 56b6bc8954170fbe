import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routes } from '../../lib/devices';
import { roomId, useComfortSummary, useRoomComfort } from './comfort-api';
import { ComfortNoticeView, type ComfortNoticeProps } from './comfort-notice';
import { instantMs } from './comfort-words';
import './comfort.css';

/**
 * The node detail's comfort part: the window or warm-up notice, and the way to the room's
 * comfort screen with what is on.
 */
export function RoomComfortPanel(props: ComfortNoticeProps) {
  const { t } = useTranslation();
  const { homeId, room } = props;
  const settings = useRoomComfort(room);
  const summary = useComfortSummary(homeId);
  const preheating = summary.data?.rooms.find((r) => r.room === roomId(room))?.preheating ?? null;
  const s = settings.data;
  const state = (on: boolean | undefined) =>
    on === undefined ? '' : on ? t('comfort.on') : t('comfort.off');
  return (
    <section className="comfort-panel" aria-label={t('comfort.title')}>
      {s && (
        <ComfortNoticeView
          {...props}
          state={{ holdUntil: instantMs(s.window_hold_until), preheating }}
        />
      )}
      <Link
        className="comfort-panel__link"
        to={routes.nodeComfort(homeId, room.devId, room.type, room.addr)}
        data-testid="comfort-link"
      >
        <span className="comfort-panel__title">{t('comfort.title')}</span>
        {s && (
          <span className="comfort-panel__state">
            {t('comfort.panelState', {
              optimum: state(s.optimum_start),
              window: state(s.window_detection),
            })}
          </span>
        )}
      </Link>
    </section>
  );
}
